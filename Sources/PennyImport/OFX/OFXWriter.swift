/// The second pass of `OFXNormalizer`: writes an OFX file's tokens as well-formed XML,
/// closing leaf elements where the next tag starts and aggregates left open where the
/// next of their name starts.
struct OFXWriter {
    private let bytes: [UInt8]
    private let tags: OFXTagNames
    /// By tag number: an OFX aggregate.
    private let isOFXAggregate: [Bool]
    /// By tag number: an element that holds elements (an OFX aggregate, or closed
    /// explicitly somewhere and not a date, NAME or MEMO).
    private let holdsElements: [Bool]
    private var out: [UInt8]
    private var stack: [(name: Int, hasText: Bool)] = []
    /// The line the tokens have reached.
    private(set) var line = 1

    /// A writer of the tokens of `bytes`; `explicitlyClosed` by tag number; `capacity`
    /// the bytes to reserve for the XML held before it is taken.
    init(_ bytes: [UInt8], tags: OFXTagNames, explicitlyClosed: [Bool], capacity: Int) {
        self.bytes = bytes
        self.tags = tags
        isOFXAggregate = tags.names.map { OFXNormalizer.aggregates.contains($0) }
        holdsElements = tags.names.indices.map { index in
            let name = tags.names[index]
            let closed = index < explicitlyClosed.count && explicitlyClosed[index]
            return OFXNormalizer.aggregates.contains(name) || (closed && !name.hasPrefix("DT") && name != "NAME" && name != "MEMO")
        }
        out = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8)
        out.reserveCapacity(capacity)
    }

    /// The innermost OFX aggregate still open, if any.
    var openAggregate: String? {
        stack.last { isOFXAggregate[$0.name] }.map { tags.names[$0.name] }
    }

    /// Writes one token.
    mutating func write(_ token: OFXTokenizer.Token) {
        switch token {
        case .newline:
            out.append(UInt8(ascii: "\n"))
            line += 1
        case .text(let range):
            guard !stack.isEmpty, let value = OFXText.trimmed(bytes, range) else { return }
            separate()
            OFXText.appendEscaped(value, of: bytes, to: &out)
        case .cdata(let range):
            guard !stack.isEmpty, let value = OFXText.cdata(bytes, range) else { return }
            separate()
            out += OFXText.escapeAll(value).utf8
        case .open(let name):
            if let top = stack.last, top.hasText || !holdsElements[top.name] { closeTop() }
            // An OFX aggregate never contains itself: one left open ends where the next of
            // its name starts (else a repeated statement nests in the one before it).
            if isOFXAggregate[name], stack.contains(where: { $0.name == name }) { close(name) }
            stack.append((name, false))
            out.append(UInt8(ascii: "<"))
            out += tags.bytes[name]
            out.append(UInt8(ascii: ">"))
        case .close(let name):
            if stack.contains(where: { $0.name == name }) { close(name) }
        }
    }

    /// The bytes of XML written and not yet taken.
    var pendingCount: Int { out.count }

    /// The XML written since the last time, handed over (the elements still open stay open).
    mutating func take() -> [UInt8] {
        let part = out
        out.removeAll(keepingCapacity: true)
        return part
    }

    /// The XML, every element still open closed.
    consuming func finish() -> [UInt8] {
        while !stack.isEmpty { closeTop() }
        return out
    }

    /// A space between two texts of one element; marks the element as holding text.
    private mutating func separate() {
        if stack[stack.count - 1].hasText { out.append(UInt8(ascii: " ")) }
        stack[stack.count - 1].hasText = true
    }

    /// Closes the elements down to the innermost `name`, and it.
    private mutating func close(_ name: Int) {
        while let top = stack.last, top.name != name { closeTop() }
        closeTop()
    }

    private mutating func closeTop() {
        out += "</".utf8
        out += tags.bytes[stack.removeLast().name]
        out.append(UInt8(ascii: ">"))
    }
}
