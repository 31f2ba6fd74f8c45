internal import CLibXML2
import Foundation
import PennyCore

/// libxml2's SAX2 push parser over a file or bytes: element starts and ends go to an
/// `XMLElementHandler` as the text is parsed, and no tree is built, so a 500 MB statement
/// needs no more memory than a small one. Owns the parser context and frees it in `deinit`.
///
/// It reads what `xmlTextReader` read before (the same parser, options and push mode,
/// fed in larger chunks) at less than half the cost, because the reader built and freed a
/// node for every element and text.
final class XMLStream {
    /// Deeper nesting than any statement needs is refused (it crashed or crawled before).
    static let maximumDepth = 256
    /// Bytes pushed into the parser at a time.
    static let chunkSize = 1 << 16

    private let context: xmlParserCtxtPtr
    private let fileName: String
    private let input: XMLInput
    /// The interned names the handler matches, in the order given.
    private let names: XMLNameTable
    /// The bytes read but not yet pushed (the first chunk, read to create the context).
    private var pending: [UInt8]
    /// While parts are pushed (`begin` to `end`): the callbacks' state, and the first failure.
    private var pushing: XMLSAXCollector?
    private var failure: PennyError?

    /// libxml2's options for a file: no network, huge documents, no printed errors.
    static let fileOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// Streams a file; `names` are the element names the handler wants told apart.
    convenience init(path: String, fileName: String, names: [String]) throws(PennyError) {
        guard let input = XMLInput(path: path) else {
            throw .badInput("cannot open file as XML", at: SourceLocation(file: fileName))
        }
        try self.init(input: input, fileName: fileName, names: names)
    }

    /// Streams XML text held in memory (CAMT inside a JSON wrapper).
    convenience init(bytes: [UInt8], fileName: String, names: [String]) throws(PennyError) {
        try self.init(input: XMLInput(bytes: bytes), fileName: fileName, names: names)
    }

    /// Streams XML handed over in parts (`begin`, `push`, `end`), parsed with libxml2's `options`.
    convenience init(pushedAs fileName: String, names: [String], options: Int32) throws(PennyError) {
        try self.init(input: XMLInput(bytes: []), fileName: fileName, names: names, options: options)
    }

    private init(input: XMLInput, fileName: String, names: [String], options: Int32 = XMLStream.fileOptions) throws(PennyError) {
        Self.silenceLibXML2()
        xmlResetLastError()
        self.input = input
        self.fileName = fileName
        guard let first = input.next(Self.chunkSize) else { throw Self.unreadable(fileName) }
        // Like xmlTextReader: the context sees the first four bytes (for the encoding), the
        // rest is pushed.
        var sax = XMLSAXCollector.handler
        let head = first.count >= 4 ? 4 : 0
        let created = first.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(&sax, nil, head > 0 ? $0.baseAddress : nil, Int32(head), fileName) }
        }
        guard let created else { throw .badInput("cannot read XML", at: SourceLocation(file: fileName)) }
        context = created
        pending = Array(first[head...])
        xmlCtxtUseOptions(context, options)
        self.names = XMLNameTable(pointers: names.map { name in UnsafeRawPointer(xmlDictLookup(created.pointee.dict, name, -1)) })
    }

    deinit {
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        context.pointee.myDoc = nil
        xmlFreeParserCtxt(context)
    }

    /// The parser's line: after `parse`, the document's last.
    var line: Int { Int(context.pointee.input.pointee.line) }

    /// Parses the whole document, handing its elements to `handler`; throws the handler's
    /// error, libxml2's, or a refusal of what Penny does not read (entities, an external
    /// DTD, nesting deeper than `maximumDepth`), whichever comes first in the file.
    func parse(_ handler: any XMLElementHandler) throws(PennyError) {
        let collector = XMLSAXCollector(names: names, handler: handler)
        context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
        defer {
            context.pointee._private = nil
            // The callbacks reach both without retaining them.
            withExtendedLifetime((collector, handler)) {}
        }
        Self.silenceLibXML2()
        var chunk = pending
        pending = []
        if chunk.isEmpty { chunk = try read() }
        while true {
            // The last chunk goes in with the end of input, as xmlTextReader pushed it.
            let next = chunk.isEmpty ? [] : try read()
            let isLast = next.isEmpty
            let status = chunk.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), isLast ? 1 : 0) }
            }
            if let stop = collector.stop { throw error(stop) }
            if status != 0 { throw parseError() }
            if isLast { return }
            chunk = next
        }
    }

    /// Starts a pushed parse whose elements go to `handler`.
    func begin(_ handler: any XMLElementHandler) {
        let collector = XMLSAXCollector(names: names, handler: handler)
        pushing = collector
        context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
    }

    /// Parses the next part (`last`: the document ends with it); after a failure, nothing.
    func push(_ bytes: UnsafeBufferPointer<UInt8>, last: Bool) {
        guard let collector = pushing, failure == nil else { return }
        Self.silenceLibXML2()
        let status = bytes.withMemoryRebound(to: CChar.self) { xmlParseChunk(context, $0.baseAddress, Int32($0.count), last ? 1 : 0) }
        if let stop = collector.stop {
            failure = error(stop)
        } else if status != 0 {
            failure = parseError()
        }
    }

    /// Ends a pushed parse: throws its first failure (the handler's, libxml2's or a refusal).
    func end() throws(PennyError) {
        context.pointee._private = nil
        pushing = nil
        if let failure { throw failure }
    }

    /// libxml2 prints some errors itself (an encoding it cannot convert: `encoding error :
    /// input conversion failed`), past `XML_PARSE_NOERROR`. A structured handler that drops
    /// them keeps stderr Penny's: the error is still recorded, and `parseError` reports it
    /// with its location. Set per thread, as libxml2 keeps it.
    private static func silenceLibXML2() {
        xmlSetStructuredErrorFunc(nil) { _, _ in }
    }

    private func read() throws(PennyError) -> [UInt8] {
        guard let bytes = input.next(Self.chunkSize) else { throw Self.unreadable(fileName) }
        return bytes
    }

    private static func unreadable(_ fileName: String) -> PennyError {
        .badInput("cannot read file: \(String(cString: strerror(errno)))", at: SourceLocation(file: fileName))
    }

    private func error(_ stop: XMLStop) -> PennyError {
        switch stop {
        case .handler(let error):
            return error
        case .refusedDoctype(.declaresEntities):
            return .badInput(
                "the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none",
                at: SourceLocation(file: fileName, line: doctypeLine))
        case .refusedDoctype(.namesExternalDTD(let system)):
            // libxml2 never loads it (no XML_PARSE_DTDLOAD), but a statement naming one is not a bank's.
            return .badInput(
                "the file names an external DTD ('\(TextSanitizer.clean(system))'); Penny never loads one, and a bank statement needs none",
                at: SourceLocation(file: fileName, line: doctypeLine))
        case .tooDeep(let line):
            return .badInput("elements nested more than \(Self.maximumDepth) deep: not a bank statement", at: SourceLocation(file: fileName, line: line))
        case .entityReference(let name, let line):
            return .badInput("an XML entity reference ('&\(name);') Penny does not expand", at: SourceLocation(file: fileName, line: line))
        }
    }

    /// The line the DOCTYPE starts on (libxml2 has read past it by then), else the parser's.
    private var doctypeLine: Int {
        let head = input.head(1 << 16)
        let marker = Array("<!DOCTYPE".utf8)
        guard let start = (0..<max(0, head.count - marker.count + 1)).first(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) }) else { return line }
        return head[..<start].filter { $0 == 0x0A }.count + 1
    }

    private func parseError() -> PennyError {
        guard let error = xmlGetLastError() else {
            return .badInput("malformed XML", at: SourceLocation(file: fileName, line: line))
        }
        let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "malformed XML"
        return .badInput("malformed XML: \(message)", at: SourceLocation(file: fileName, line: Int(error.pointee.line)))
    }
}
