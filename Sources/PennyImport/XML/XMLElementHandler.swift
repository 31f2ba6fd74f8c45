import Foundation
import PennyCore

/// What an `XMLStream` hands its reader, in document order: element starts and ends
/// (`<a/>` is a start and an end). Called from inside libxml2's parse: what it throws stops
/// the parse and comes out of `XMLStream.parse`.
protocol XMLElementHandler: AnyObject {
    /// An element begins.
    func start(_ tag: XMLStartTag) throws(PennyError)
    /// The innermost open element ends (libxml2 refuses a mismatched end tag); `text` is
    /// the character data since the previous tag, valid only during the call.
    func end(text: UnsafeBufferPointer<UInt8>) throws(PennyError)
}

/// A start tag while its callback runs: its pointers are libxml2's and not kept.
struct XMLStartTag {
    /// The local name's index in the stream's names, -1 when it is none of them.
    let name: Int
    /// The line of the start tag's end, as libxml2 records it on a node (at most 65535).
    let line: Int
    /// libxml2's interned local name.
    let localName: UnsafePointer<UInt8>
    /// libxml2's interned namespace URI, if the element has one.
    let namespaceURI: UnsafePointer<UInt8>?
    /// libxml2's attribute array: local name, prefix, URI, value start, value end for each.
    let attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    /// The attributes written in the tag (not those a DTD defaults).
    let attributeCount: Int

    /// The local name as text (for messages; the index is what matching uses).
    var localNameText: String { String(cString: localName) }

    /// The namespace URI as text.
    var namespace: String? { namespaceURI.map { String(cString: $0) } }

    /// The value of the attribute `name` that has no namespace, like `xmlGetNoNsProp`.
    func attribute(_ name: StaticString) -> String? {
        guard let attributes else { return nil }
        for index in 0..<attributeCount {
            let base = attributes + 5 * index
            guard let local = base[0], base[2] == nil, let start = base[3], let end = base[4] else { continue }
            guard strcmp(local, name.utf8Start) == 0 else { continue }
            let value = UnsafeBufferPointer(start: start, count: end - start)
            // Without entity substitution libxml2 hands `&amp;` on as `&#38;`; the tree read it as `&`.
            guard value.contains(UInt8(ascii: "&")) else { return String(decoding: value, as: UTF8.self) }
            return String(decoding: value, as: UTF8.self).replacingOccurrences(of: "&#38;", with: "&")
        }
        return nil
    }
}
