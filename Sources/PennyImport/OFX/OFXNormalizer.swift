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

    private enum Token {
        case open(String), close(String), text(String), cdata(String), newline
    }

    /// Well-formed XML, or an error naming the line where the OFX could not be read.
    static func normalize(_ text: String, fileName: String) throws(PennyError) -> [UInt8] {
        let tokens = try tokenize(text, fileName: fileName)
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

    /// Tags, text and line ends of the part from `<OFX>` on (line ends before it too).
    private static func tokenize(_ text: String, fileName: String) throws(PennyError) -> [Token] {
        let chars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        var line = 1
        // Skip to <OFX>, keeping line ends.
        var started = false
        while i < chars.count {
            if chars[i] == "\n" {
                tokens.append(.newline)
                line += 1
                i += 1
                continue
            }
            if !started {
                if chars[i] == "<", i + 4 < chars.count, String(String.UnicodeScalarView(chars[(i + 1)..<(i + 5)])).uppercased() == "OFX>" {
                    started = true
                } else if chars[i] == "<", i + 8 < chars.count, String(String.UnicodeScalarView(chars[i..<(i + 9)])) == "<!ENTITY " {
                    // An entity declaration before <OFX> would be dropped and its uses read as
                    // text: a statement has none, so the file is refused (no XXE, no expansion).
                    throw .badInput(
                        "the file declares XML entities (<!ENTITY>); Penny does not expand them, and a bank statement has none", at: SourceLocation(file: fileName, line: line))
                } else if chars[i] == "<", let system = Self.externalDTD(chars, at: i) {
                    throw .badInput(
                        "the file names an external DTD ('\(TextSanitizer.clean(system))'); Penny never loads one, and a bank statement needs none",
                        at: SourceLocation(file: fileName, line: line))
                } else {
                    i += 1
                    continue
                }
            }
            if chars[i] == "<" {
                if i + 8 < chars.count, String(String.UnicodeScalarView(chars[i..<(i + 9)])) == "<![CDATA[" {
                    // Character data: its text as it is.
                    var j = i + 9
                    var value = ""
                    while j < chars.count, !(chars[j] == "]" && j + 2 < chars.count && chars[j + 1] == "]" && chars[j + 2] == ">") {
                        if chars[j] == "\n" { tokens.append(.newline); line += 1 } else { value.unicodeScalars.append(chars[j]) }
                        j += 1
                    }
                    let trimmed = value.trimmingCharacters(in: .whitespaces)
                    if !trimmed.isEmpty { tokens.append(.cdata(trimmed)) }
                    i = j + 3
                    continue
                }
                if i + 3 < chars.count, chars[i + 1] == "!", chars[i + 2] == "-", chars[i + 3] == "-" {
                    // A comment: skip to -->, keeping line ends.
                    i += 4
                    while i < chars.count, !(chars[i] == "-" && i + 2 < chars.count && chars[i + 1] == "-" && chars[i + 2] == ">") {
                        if chars[i] == "\n" { tokens.append(.newline); line += 1 }
                        i += 1
                    }
                    i += 3
                    continue
                }
                if i + 1 < chars.count, chars[i + 1] == "?" {
                    while i < chars.count, chars[i] != ">" { i += 1 }
                    i += 1
                    continue
                }
                var j = i + 1
                while j < chars.count, chars[j] != ">", chars[j] != "<", chars[j] != "\n" { j += 1 }
                guard j < chars.count, chars[j] == ">" else {
                    throw .badInput("unterminated tag: expected '>'", at: SourceLocation(file: fileName, line: line))
                }
                var name = String(String.UnicodeScalarView(chars[(i + 1)..<j])).trimmingCharacters(in: .whitespaces)
                let isClose = name.hasPrefix("/")
                if isClose { name.removeFirst() }
                if name.hasSuffix("/") {
                    // <EMPTY/>: an empty element.
                    name.removeLast()
                    tokens.append(.open(name.uppercased()))
                    tokens.append(.close(name.uppercased()))
                    i = j + 1
                    continue
                }
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-" })
                else {
                    throw .badInput("malformed OFX tag '<\(name)>'", at: SourceLocation(file: fileName, line: line))
                }
                tokens.append(isClose ? .close(name.uppercased()) : .open(name.uppercased()))
                i = j + 1
                continue
            }
            var j = i
            while j < chars.count, chars[j] != "<", chars[j] != "\n" { j += 1 }
            let value = String(String.UnicodeScalarView(chars[i..<j])).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if !value.isEmpty { tokens.append(.text(value)) }
            i = j
        }
        guard started else {
            throw .badInput("no <OFX> element: this is not an OFX file", at: SourceLocation(file: fileName, line: 1))
        }
        return tokens
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
