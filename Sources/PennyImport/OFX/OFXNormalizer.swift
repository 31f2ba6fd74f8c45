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

    typealias Token = OFXTokenizer.Token

    /// Well-formed XML, or an error naming the line where the OFX could not be read.
    static func normalize(_ text: String, fileName: String) throws(PennyError) -> [UInt8] {
        let tokens = try OFXTokenizer(text, fileName: fileName).tokens()
        var explicitlyClosed: Set<String> = []
        for case .close(let name) in tokens { explicitlyClosed.insert(name) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        var stack: [(name: String, hasText: Bool)] = []
        var line = 1
        func closeTop() {
            out += "</\(stack.removeLast().name)>"
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .newline:
                out += "\n"
                line += 1
            case .text(let value), .cdata(let value):
                guard !stack.isEmpty else { continue }
                if stack[stack.count - 1].hasText { out += " " }
                stack[stack.count - 1].hasText = true
                if case .cdata = token { out += escapeAll(value) } else { out += escape(value) }
            case .open(let name):
                if let top = stack.last, top.hasText || !isAggregate(top.name, explicitlyClosed) { closeTop() }
                // An OFX aggregate never contains itself: one left open ends where the next of
                // its name starts (else a repeated statement nests in the one before it).
                if aggregates.contains(name), stack.contains(where: { $0.name == name }) {
                    while let top = stack.last, top.name != name { closeTop() }
                    closeTop()
                }
                stack.append((name, false))
                out += "<\(name)>"
                _ = index
            case .close(let name):
                guard stack.contains(where: { $0.name == name }) else { continue }
                while let top = stack.last, top.name != name { closeTop() }
                closeTop()
            }
        }
        // Aggregates must be closed explicitly in OFX; one still open at the end means the
        // download stopped early. Refused whole, never imported up to the cut.
        if let open = stack.last(where: { aggregates.contains($0.name) }) {
            throw .badInput(
                "the file ends with <\(open.name)> still open: it was cut off (a download that stopped early?); nothing of it is imported",
                at: SourceLocation(file: fileName, line: line))
        }
        while !stack.isEmpty { closeTop() }
        return Array(out.utf8)
    }

    private static func isAggregate(_ name: String, _ explicitlyClosed: Set<String>) -> Bool {
        aggregates.contains(name) || (explicitlyClosed.contains(name) && !name.hasPrefix("DT") && name != "NAME" && name != "MEMO")
    }

    /// Every `&`, `<` and `>` escaped (CDATA content is literal).
    static func escapeAll(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// XML-escaped text; `&name;` and `&#n;` entities are kept as they are.
    static func escape(_ value: String) -> String {
        var out = ""
        let chars = Array(value)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&":
                var j = i + 1
                while j < chars.count, j - i <= 10, chars[j].isLetter || chars[j].isNumber || chars[j] == "#" { j += 1 }
                let entity = String(chars[(i + 1)..<min(j, chars.count)])
                let known =
                    ["amp", "lt", "gt", "quot", "apos"].contains(entity)
                    || (entity.hasPrefix("#") && entity.count > 1
                        && (Int(entity.dropFirst()) != nil || (entity.dropFirst().first == "x" && Int(entity.dropFirst(2), radix: 16) != nil)))
                if j < chars.count, chars[j] == ";", known {
                    out += "&" + entity + ";"
                    i = j
                } else {
                    out += "&amp;"
                }
            default: out.append(c)
            }
            i += 1
        }
        return out
    }

    /// The quoted system id of a `<!DOCTYPE NAME SYSTEM "..."` (or `PUBLIC "..." "..."`) at `start`.
    static func externalDTD(_ chars: [Unicode.Scalar], at start: Int) -> String? {
        let prefix = Array("<!DOCTYPE".unicodeScalars)
        guard start + prefix.count < chars.count, Array(chars[start..<(start + prefix.count)]) == prefix else { return nil }
        var end = start
        while end < chars.count, chars[end] != ">", chars[end] != "[" { end += 1 }
        let words = String(String.UnicodeScalarView(chars[start..<end])).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard words.contains("SYSTEM") || words.contains("PUBLIC") else { return nil }
        return words.last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
    }
}
