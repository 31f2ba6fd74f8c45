internal import CLibXML2
import Foundation
import PennyCore

/// A libxml2 `xmlTextReader`: the document as a stream of nodes, so a 500 MB statement
/// needs no more memory than a small one. Owns the reader and frees it in `deinit`.
final class XMLStream {
    /// What the cursor is on.
    enum Node {
        case start(name: String, isEmpty: Bool)
        case end(name: String)
        case text(String)
    }

    /// Deeper nesting than any statement needs is refused (it crashed or crawled before).
    static let maximumDepth = 256

    private let reader: xmlTextReaderPtr
    private let fileName: String
    /// Keeps in-memory input alive while libxml2 reads it.
    private let memory: [UInt8]?
    /// The file streamed, when it is one.
    private let path: String?

    /// Streams a file.
    init(path: String, fileName: String) throws(PennyError) {
        xmlResetLastError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOBLANKS.rawValue)
        guard let reader = xmlReaderForFile(path, nil, options) else {
            throw .badInput("cannot open file as XML", at: SourceLocation(file: fileName))
        }
        self.reader = reader
        self.fileName = fileName
        self.memory = nil
        self.path = path
    }

    /// Streams XML text held in memory (CAMT inside a JSON wrapper).
    init(bytes: [UInt8], fileName: String) throws(PennyError) {
        xmlResetLastError()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        memory = bytes
        let created = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReaderForMemory($0, Int32(buffer.count), fileName, nil, options)
            }
        }
        guard let created else { throw .badInput("cannot read XML", at: SourceLocation(file: fileName)) }
        reader = created
        self.fileName = fileName
        self.path = nil
    }

    deinit { xmlFreeTextReader(reader) }

    /// The line of the node the cursor is on (the parser itself may have read further).
    var line: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = Int(xmlGetLineNo(node))
            if line > 0 { return line }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// The namespace URI of the current element.
    var namespace: String? {
        guard let uri = xmlTextReaderConstNamespaceUri(reader) else { return nil }
        return String(cString: uri)
    }

    /// An attribute of the current element.
    func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// The next start, end or text node; nil at the end of the document.
    func next() throws(PennyError) -> Node? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            if status < 0 { throw error() }
            let type = xmlTextReaderNodeType(reader)
            switch type {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if xmlTextReaderDepth(reader) > Self.maximumDepth {
                    throw .badInput("elements nested more than \(Self.maximumDepth) deep: not a bank statement", at: SourceLocation(file: fileName, line: line))
                }
                return .start(name: localName, isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                // General and parameter entities alike (`<!ENTITY % p SYSTEM ...> %p;` was read).
                if let document = xmlTextReaderCurrentDoc(reader), let subset = document.pointee.intSubset,
                    subset.pointee.entities != nil || subset.pointee.pentities != nil
                {
                    throw .badInput(
                        "the file declares XML entities (a DOCTYPE with <!ENTITY>); Penny does not expand them, and a bank statement has none",
                        at: SourceLocation(file: fileName, line: doctypeLine))
                }
                // libxml2 never loads it (no XML_PARSE_DTDLOAD), but a statement naming one is not a bank's.
                if let document = xmlTextReaderCurrentDoc(reader), let subset = document.pointee.intSubset, let system = subset.pointee.SystemID {
                    throw .badInput(
                        "the file names an external DTD ('\(TextSanitizer.clean(String(cString: system)))'); Penny never loads one, and a bank statement needs none",
                        at: SourceLocation(file: fileName, line: doctypeLine))
                }
                continue
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw .badInput("an XML entity reference ('&\(localName);') Penny does not expand", at: SourceLocation(file: fileName, line: line))
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: localName)
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                guard let value = xmlTextReaderConstValue(reader) else { continue }
                return .text(String(cString: value))
            default:
                continue
            }
        }
    }

    /// The line the DOCTYPE starts on (libxml2 has read past it by then), else the parser's.
    private var doctypeLine: Int {
        let head: [UInt8]
        if let memory {
            head = Array(memory.prefix(1 << 16))
        } else if let path, let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            head = Array((try? handle.read(upToCount: 1 << 16)) ?? Data())
        } else {
            return line
        }
        let marker = Array("<!DOCTYPE".utf8)
        guard let start = (0..<max(0, head.count - marker.count + 1)).first(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) }) else { return line }
        return head[..<start].filter { $0 == 0x0A }.count + 1
    }

    private var localName: String {
        guard let name = xmlTextReaderConstLocalName(reader) else { return "" }
        return String(cString: name)
    }

    private func error() -> PennyError {
        guard let error = xmlGetLastError() else {
            return .badInput("malformed XML", at: SourceLocation(file: fileName, line: line))
        }
        let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "malformed XML"
        return .badInput("malformed XML: \(message)", at: SourceLocation(file: fileName, line: Int(error.pointee.line)))
    }
}
