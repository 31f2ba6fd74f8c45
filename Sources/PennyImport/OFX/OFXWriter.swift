/// The second pass of `OFXNormalizer`: writes an OFX file's tokens as well-formed XML into
/// `out`, closing leaf elements where the next tag starts and aggregates left open where the
/// next of their name starts.
///
/// A class whose tables are plain memory (freed in `deinit`), so that writing a token costs
/// no reference counting; its state is touched only by `write` and `finish`, on one thread.
final class OFXWriter {
    /// The XML written and not yet taken.
    @exclusivity(unchecked) private var out: OFXByteBuffer
    private let names: [String]
    /// Each name's UTF-8 bytes, one after the other: name `n` is `nameBytes[nameStarts[n]..<nameStarts[n + 1]]`.
    private let nameBytes: OFXByteBuffer
    private let nameStarts: UnsafeMutablePointer<Int>
    /// By tag number: an OFX aggregate.
    private let isOFXAggregate: UnsafeMutablePointer<Bool>
    /// By tag number: an element that holds elements (an OFX aggregate, or closed
    /// explicitly somewhere and not a date, NAME or MEMO).
    private let holdsElements: UnsafeMutablePointer<Bool>
    /// The open elements, innermost last: `stack[0..<depth]`.
    @exclusivity(unchecked) private var stack: UnsafeMutablePointer<(name: Int, hasText: Bool)>
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var stackCapacity = 64
    /// The line the tokens have reached.
    @exclusivity(unchecked) private(set) var line = 1

    /// A writer of tags named `names` (by number); `explicitlyClosed` by tag number;
    /// `capacity` the bytes to reserve for the XML held before it is taken.
    init(names: [String], explicitlyClosed: [Bool], capacity: Int) {
        self.names = names
        isOFXAggregate = .allocate(capacity: names.count + 1)
        holdsElements = .allocate(capacity: names.count + 1)
        nameStarts = .allocate(capacity: names.count + 1)
        var nameBytes = OFXByteBuffer(capacity: 1024)
        nameStarts[0] = 0
        for (index, name) in names.enumerated() {
            let closed = index < explicitlyClosed.count && explicitlyClosed[index]
            isOFXAggregate[index] = OFXNormalizer.aggregates.contains(name)
            holdsElements[index] = isOFXAggregate[index] || (closed && !name.hasPrefix("DT") && name != "NAME" && name != "MEMO")
            nameBytes.append(name)
            nameStarts[index + 1] = nameBytes.count
        }
        self.nameBytes = nameBytes
        stack = .allocate(capacity: stackCapacity)
        out = OFXByteBuffer(capacity: capacity)
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    }

    deinit {
        isOFXAggregate.deallocate()
        holdsElements.deallocate()
        nameStarts.deallocate()
        stack.deallocate()
    }

    /// How many bytes of XML are written and not yet taken.
    var pendingCount: Int { out.count }

    /// Hands the XML written since the last time to `part`, and forgets it.
    func take(_ part: (UnsafeBufferPointer<UInt8>) -> Void) {
        part(out.bytes)
        out.removeAll()
    }

    /// The innermost OFX aggregate still open, if any.
    var openAggregate: String? {
        (0..<depth).last { isOFXAggregate[stack[$0].name] }.map { names[stack[$0].name] }
    }

    /// Writes one token.
    func write(_ token: OFXTokenizer.Token) {
        switch token {
        case .newline:
            out.append(UInt8(ascii: "\n"))
            line += 1
        case .text(let text):
            guard depth > 0, let value = OFXText.trimmed(text) else { return }
            separate()
            OFXText.appendEscaped(value, to: &out)
        case .cdata(let text):
            guard depth > 0, let value = OFXText.cdata(text) else { return }
            separate()
            out.append(OFXText.escapeAll(value))
        case .open(let name):
            if depth > 0, stack[depth - 1].hasText || !holdsElements[stack[depth - 1].name] { closeTop() }
            // An OFX aggregate never contains itself: one left open ends where the next of
            // its name starts (else a repeated statement nests in the one before it).
            if isOFXAggregate[name], isOpen(name) { close(name) }
            push(name)
            out.append(UInt8(ascii: "<"))
            appendName(name)
            out.append(UInt8(ascii: ">"))
        case .close(let name):
            if isOpen(name) { close(name) }
        }
    }

    /// Closes every element still open.
    func finish() {
        while depth > 0 { closeTop() }
    }

    /// A space between two texts of one element; marks the element as holding text.
    private func separate() {
        if stack[depth - 1].hasText { out.append(UInt8(ascii: " ")) }
        stack[depth - 1].hasText = true
    }

    private func isOpen(_ name: Int) -> Bool {
        var index = depth
        while index > 0 {
            index -= 1
            if stack[index].name == name { return true }
        }
        return false
    }

    private func push(_ name: Int) {
        if depth == stackCapacity {
            let larger = UnsafeMutablePointer<(name: Int, hasText: Bool)>.allocate(capacity: stackCapacity * 2)
            larger.update(from: stack, count: depth)
            stack.deallocate()
            stack = larger
            stackCapacity *= 2
        }
        stack[depth] = (name, false)
        depth += 1
    }

    /// Closes the elements down to the innermost `name`, and it.
    private func close(_ name: Int) {
        while depth > 0, stack[depth - 1].name != name { closeTop() }
        closeTop()
    }

    private func closeTop() {
        depth -= 1
        out.append(UInt8(ascii: "<"))
        out.append(UInt8(ascii: "/"))
        appendName(stack[depth].name)
        out.append(UInt8(ascii: ">"))
    }

    private func appendName(_ name: Int) {
        out.append(UnsafeBufferPointer(start: nameBytes.base + nameStarts[name], count: nameStarts[name + 1] - nameStarts[name]))
    }
}
