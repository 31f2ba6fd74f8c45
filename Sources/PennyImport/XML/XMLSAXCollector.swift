internal import CLibXML2
import PennyCore

/// Why a parse stopped before libxml2 found an error.
enum XMLStop {
    /// The handler threw.
    case handler(PennyError)
    /// The DOCTYPE declares entities or names an external DTD (checked at the root element).
    case refusedDoctype(XMLDoctypeRefusal)
    /// An element deeper than `XMLStream.maximumDepth`, at its line.
    case tooDeep(line: Int)
    /// An entity reference libxml2 did not expand, at its line.
    case entityReference(name: String, line: Int)
}

/// What is wrong with a document's DOCTYPE for a bank statement.
enum XMLDoctypeRefusal {
    /// General or parameter entities are declared.
    case declaresEntities
    /// An external DTD is named (its system id).
    case namesExternalDTD(String)

    /// The refusal for the document libxml2 is building the DOCTYPE into, if any.
    static func of(_ document: xmlDocPtr?) -> XMLDoctypeRefusal? {
        guard let subset = document?.pointee.intSubset else { return nil }
        // General and parameter entities alike (`<!ENTITY % p SYSTEM ...> %p;` was read).
        if subset.pointee.entities != nil || subset.pointee.pentities != nil { return .declaresEntities }
        if let system = subset.pointee.SystemID { return .namesExternalDTD(String(cString: system)) }
        return nil
    }
}

/// The state libxml2's SAX callbacks share: the handler, the text since the last tag, the
/// depth, and why the parse stopped. Reached from the parser context's `_private`.
final class XMLSAXCollector {
    let names: XMLNameTable
    let handler: any XMLElementHandler
    private let text = XMLTextBuffer()
    // Touched for every element, only from libxml2's callbacks on this thread: no
    // dynamic exclusivity check on each access.
    @exclusivity(unchecked) private var depth = 0
    /// Set once: the parser is stopped and calls back no more.
    @exclusivity(unchecked) private(set) var stop: XMLStop?

    init(names: XMLNameTable, handler: any XMLElementHandler) {
        self.names = names
        self.handler = handler
    }

    func startElement(_ context: xmlParserCtxtPtr, _ tag: XMLStartTag) {
        guard stop == nil else { return }
        if depth == 0, let refusal = XMLDoctypeRefusal.of(context.pointee.myDoc) {
            halt(context, .refusedDoctype(refusal))
            return
        }
        if depth > XMLStream.maximumDepth {
            halt(context, .tooDeep(line: tag.line))
            return
        }
        depth += 1
        text.removeAll()
        do throws(PennyError) { try handler.start(tag) } catch { halt(context, .handler(error)) }
    }

    func endElement(_ context: xmlParserCtxtPtr) {
        guard stop == nil else { return }
        depth -= 1
        do throws(PennyError) { try handler.end(text: text.bytes) } catch { halt(context, .handler(error)) }
        text.removeAll()
    }

    func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        text.append(bytes, count: count)
    }

    func entityReference(_ context: xmlParserCtxtPtr, _ name: UnsafePointer<UInt8>) {
        guard stop == nil else { return }
        halt(context, .entityReference(name: String(cString: name), line: Self.nodeLine(context)))
    }

    /// The line the parser is on (the whole line number: a tree's nodes keep only 16 bits
    /// of it, so entries past line 65,535 of a large statement were all named 65535).
    static func nodeLine(_ context: xmlParserCtxtPtr) -> Int {
        Int(context.pointee.input.pointee.line)
    }

    private func halt(_ context: xmlParserCtxtPtr, _ reason: XMLStop) {
        stop = reason
        xmlStopParser(context)
    }
}

// libxml2 calls these with its parser context (`userData` is the context itself); the
// collector is the context's `_private`.

/// Calls `body` with the context's collector, without retaining it (the stream holds it).
private func withCollector<T>(_ context: xmlParserCtxtPtr, _ body: (XMLSAXCollector) -> T) -> T {
    Unmanaged<XMLSAXCollector>.fromOpaque(context.pointee._private!)._withUnsafeGuaranteedRef(body)
}

private func startElementCallback(
    _ userData: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
    _ namespaceCount: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32, _ defaultedCount: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let userData, let localName else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    // libxml2 reports a start tag before checking that `>` or `/>` ends it, then refuses it
    // ("Couldn't find end of Start Tag"): such a tag is not handed on, so that error is the
    // one the file gets, as it was with xmlTextReader.
    guard let next = context.pointee.input.pointee.cur,
        next[0] == UInt8(ascii: ">") || (next[0] == UInt8(ascii: "/") && next[1] == UInt8(ascii: ">"))
    else { return }
    withCollector(context) { state in
        let tag = XMLStartTag(
            name: state.names.index(of: localName), line: XMLSAXCollector.nodeLine(context), localName: localName, namespaceURI: uri,
            attributes: attributes, attributeCount: Int(attributeCount - defaultedCount))
        state.startElement(context, tag)
    }
}

private func endElementCallback(_ userData: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?) {
    guard let userData else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    withCollector(context) { $0.endElement(context) }
}

private func charactersCallback(_ userData: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard let userData, let bytes, count > 0 else { return }
    withCollector(userData.assumingMemoryBound(to: xmlParserCtxt.self)) { $0.characters(bytes, Int(count)) }
}

private func referenceCallback(_ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    guard let userData, let name else { return }
    let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
    withCollector(context) { $0.entityReference(context, name) }
}

extension XMLSAXCollector {
    /// libxml2's SAX2 handler (its DOCTYPE and entity bookkeeping kept) with elements, text
    /// and references sent here, comments and processing instructions dropped, and no
    /// error printing (Penny reads the last error instead).
    static var handler: xmlSAXHandler {
        var sax = xmlSAXHandler()
        xmlSAXVersion(&sax, 2)
        sax.startElementNs = startElementCallback
        sax.endElementNs = endElementCallback
        sax.characters = charactersCallback
        sax.ignorableWhitespace = charactersCallback
        sax.cdataBlock = charactersCallback
        sax.reference = referenceCallback
        sax.comment = nil
        sax.processingInstruction = nil
        sax.startElement = nil
        sax.endElement = nil
        sax.warning = nil
        sax.error = nil
        sax.fatalError = nil
        return sax
    }
}
