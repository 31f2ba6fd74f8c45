internal import CLibXML2
import Foundation
import PennyCore

/// A parsed XML document, owned by this object and freed in `deinit` (libxml2 DOM).
///
/// Only `PennyImport` sees libxml2; the rest of Penny gets `XMLElement` values.
final class XMLTree {
    private let document: xmlDocPtr

    /// Parses UTF-8 (or declared-encoding) XML text; errors name the line libxml2 reports.
    init(bytes: [UInt8], fileName: String) throws(PennyError) {
        xmlResetLastError()
        // Without XML_PARSE_HUGE, libxml2 refuses nesting deeper than 256 with a line (an OFX
        // nested 100,000 deep overflowed the stack); OFX files are small.
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), fileName, nil, Self.options)
            }
        }
        guard let parsed else { throw XMLTree.lastError(fileName) }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// libxml2's options for a tree: no network, blank text dropped, no printed errors,
    /// line numbers past 65535.
    static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// The root element.
    var root: XMLElement? {
        xmlDocGetRootElement(document).map { XMLElement(node: $0, tree: self) }
    }

    /// libxml2's last error as a `PennyError` with its line.
    static func lastError(_ fileName: String) -> PennyError {
        guard let error = xmlGetLastError() else {
            return .badInput("not well-formed XML", at: SourceLocation(file: fileName))
        }
        let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed XML"
        return .badInput("malformed XML: \(message)", at: SourceLocation(file: fileName, line: Int(error.pointee.line)))
    }
}

/// An element of an `XMLTree`; keeps the tree alive.
struct XMLElement {
    fileprivate let node: xmlNodePtr
    fileprivate let tree: XMLTree

    /// The local name (without prefix).
    var name: String { String(cString: node.pointee.name) }

    /// The line it starts on.
    var line: Int { Int(xmlGetLineNo(node)) }

    /// Child elements in order.
    var children: [XMLElement] {
        var result: [XMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(XMLElement(node: current, tree: tree)) }
            child = current.pointee.next
        }
        return result
    }

    /// The first child with this name.
    func child(_ name: String) -> XMLElement? {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, XMLName.matches(current.pointee.name, name) { return XMLElement(node: current, tree: tree) }
            child = current.pointee.next
        }
        return nil
    }

    /// Every descendant with this name, in document order.
    func descendants(_ name: String) -> [XMLElement] {
        var result: [XMLElement] = []
        collect(name, below: node, into: &result)
        return result
    }

    private func collect(_ name: String, below parent: xmlNodePtr, into result: inout [XMLElement]) {
        var child = parent.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                if XMLName.matches(current.pointee.name, name) { result.append(XMLElement(node: current, tree: tree)) }
                collect(name, below: current, into: &result)
            }
            child = current.pointee.next
        }
    }

    /// The text content, trimmed.
    var text: String {
        guard let first = node.pointee.children else { return "" }
        // One text (or CDATA) child, the usual leaf, is the whole content: read in place.
        if first.pointee.next == nil, first.pointee.type == XML_TEXT_NODE || first.pointee.type == XML_CDATA_SECTION_NODE, let content = first.pointee.content {
            return XMLName.trimmed(content)
        }
        guard let content = xmlNodeGetContent(node) else { return "" }
        // xmlFree is libxml2's free() unless an application replaces it; Penny never does.
        defer { free(content) }
        return XMLName.trimmed(content)
    }

    /// An attribute's value, nil when absent.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// The text of the first child with this name, nil when absent or empty.
    func text(_ name: String) -> String? {
        guard let value = child(name)?.text, !value.isEmpty else { return nil }
        return value
    }
}
