import Foundation
import PennyCore

/// Turns any OFX (1.x SGML with unclosed leaf tags, 2.x XML, no header, header in a
/// comment) into well-formed UTF-8 XML that libxml2 parses.
///
/// Everything before `<OFX>` (header lines, `<?xml?>`, `<?OFX?>`, comments) is dropped,
/// but every line end is kept, so libxml2's line numbers are the original file's.
/// Leaf elements are closed where the next tag starts; an element with no text is an
/// aggregate when OFX defines it as one or the file closes it explicitly somewhere.
/// Text is re-escaped: valid entities stay, a raw `&` becomes `&amp;`.
struct OFXNormalizer {
    /// OFX aggregates (containers) of bank, card and signon responses.
    static let aggregates: Set<String> = [
        "OFX", "SIGNONMSGSRSV1", "SONRS", "STATUS", "FI", "BANKMSGSRSV1", "STMTTRNRS", "STMTRS", "BANKACCTFROM",
        "BANKACCTTO", "BANKTRANLIST", "STMTTRN", "LEDGERBAL", "AVAILBAL", "BALLIST", "BAL", "CURRENCY", "ORIGCURRENCY",
        "PAYEE", "CCACCTFROM", "CCACCTTO", "CREDITCARDMSGSRSV1", "CCSTMTTRNRS", "CCSTMTRS", "INVSTMTMSGSRSV1",
        "INVSTMTTRNRS", "INVSTMTRS", "INVACCTFROM", "INVTRANLIST", "INVBANKTRAN", "INVPOSLIST", "INVBAL", "SECLISTMSGSRSV1",
        "SECLIST", "SIGNUPMSGSRSV1", "ACCTINFOTRNRS", "ACCTINFORS", "ACCTINFO", "BANKACCTINFO", "CCACCTINFO", "INVACCTINFO",
        "MSGSETLIST", "PROFMSGSRSV1", "STMTENDRS", "CCSTMTENDRS", "CLOSING", "MKTGINFO",
    ]

    private let tokenizer: OFXTokenizer
    /// By tag number: the file closes the tag explicitly somewhere.
    private let explicitlyClosed: [Bool]
    private let fileName: String
    /// Whether the file is read as a tree rather than in one XML pass (`OFXShapeCheck`).
    let needsTree: Bool

    /// Reads `input` once: the names the file closes explicitly, every tokenizer error, and
    /// whether one XML pass reads the file as the tree does.
    init(_ input: OFXInput, fileName: String) throws(PennyError) {
        let tokenizer = OFXTokenizer(input, fileName: fileName)
        var explicitlyClosed: [Bool] = []
        var shape = OFXShapeCheck()
        let tags = tokenizer.tags
        try tokenizer.run { token in
            shape.take(token, names: tags)
            guard case .close(let name) = token else { return }
            if name >= explicitlyClosed.count { explicitlyClosed += repeatElement(false, count: name + 1 - explicitlyClosed.count) }
            explicitlyClosed[name] = true
        }
        self.tokenizer = tokenizer
        self.explicitlyClosed = explicitlyClosed
        self.fileName = fileName
        needsTree = shape.needsTree
    }

    /// Reads a text held in memory.
    init(_ text: String, fileName: String) throws(PennyError) {
        try self.init(OFXInput(text: Array(text.utf8)), fileName: fileName)
    }

    /// The whole XML: well-formed, or an error naming the line where the OFX could not be read.
    func document() throws(PennyError) -> [UInt8] {
        var xml: [UInt8] = []
        try write(partSize: .max) { part, _ in xml += part }
        return xml
    }

    /// Writes the XML to `part` in parts of about `partSize` bytes (valid during the call),
    /// the last one marked, or throws when the file was cut off (before the last part). Can
    /// be run again.
    func write(partSize: Int, to part: (_ bytes: UnsafeBufferPointer<UInt8>, _ isLast: Bool) -> Void) throws(PennyError) {
        let capacity = partSize == .max ? tokenizer.input.end * 3 / 2 + 64 : partSize + 4096
        let writer = OFXWriter(names: tokenizer.tags.names, explicitlyClosed: explicitlyClosed, capacity: capacity)
        // Second pass: the same tokens, written out.
        try tokenizer.run { token in
            writer.write(token)
            if writer.pendingCount >= partSize { writer.take { part($0, false) } }
        }
        // Aggregates must be closed explicitly in OFX; one still open at the end means the
        // download stopped early. Refused whole, never imported up to the cut.
        if let open = writer.openAggregate {
            throw .badInput(
                "the file ends with <\(open)> still open: it was cut off (a download that stopped early?); nothing of it is imported",
                at: SourceLocation(file: fileName, line: writer.line))
        }
        writer.finish()
        writer.take { part($0, true) }
    }

    /// The quoted system id of a `<!DOCTYPE NAME SYSTEM "..."` (or `PUBLIC "..." "..."`): the
    /// bytes from `<!DOCTYPE` up to its `>` or `[`.
    static func externalDTD(_ doctype: UnsafeBufferPointer<UInt8>) -> String? {
        let words = String(decoding: doctype, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard words.contains("SYSTEM") || words.contains("PUBLIC") else { return nil }
        return words.last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }
}
