import Foundation
public import PennyCore

/// Reads a CSV file's layout from its bytes: a pure function from a bounded prefix (and the
/// tail of a larger file) to a `CSVProfile` and the evidence for each choice.
///
/// The sniffer decides only what the file proves: the date order by a day above 12, the
/// decimal mark by a value that reads one way, the sign and columns by the file's own
/// running balance when it has one. Anything else is an ambiguity, named with its
/// candidates, and the file is not imported on a guess.
public enum CSVSniffer {
    /// How much of the start of a file is read.
    public static let prefixBytes = 64 * 1024
    /// How much of the end of a larger file is read (for totals and closing-balance rows).
    public static let tailBytes = 8 * 1024
    /// How many data rows are examined.
    public static let maxRows = 400

    /// Sniffs a file on disk: its first `prefixBytes` and, when longer, its last `tailBytes`.
    public static func sniff(url: URL, displayName: String) throws(PennyError) -> CSVSniff {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let head = Array(try handle.read(upToCount: prefixBytes + 1) ?? Data())
            guard head.count > prefixBytes else { return sniff(head: head, tail: nil, fileName: url.lastPathComponent) }
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: max(UInt64(prefixBytes), size - UInt64(tailBytes)))
            let tail = Array(try handle.readToEnd() ?? Data())
            return sniff(head: Array(head.prefix(prefixBytes)), tail: tail, fileName: url.lastPathComponent)
        } catch {
            throw .badInput("cannot read file: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
    }

    /// The profile for a file whose first bytes are `head` (the whole file when `tail` is nil).
    ///
    /// - Complexity: O(n) in the prefix, times the candidate delimiters and date patterns.
    public static func sniff(head: [UInt8], tail: [UInt8]?, fileName: String) -> CSVSniff {
        var pass = SniffPass(head: head, tail: tail, fileName: fileName)
        guard let table = pass.findTable() else { return pass.result }
        pass.sortRows(table)
        pass.findEndInTail(table)
        pass.skipNotBooked(table)
        pass.markEnd()
        guard !pass.rows.isEmpty else {
            pass.sniff.ambiguities.append(.init("rows", candidates: [], because: "no transaction rows to learn the layout from"))
            return pass.result
        }
        pass.readColumns(table)
        pass.readDates()
        pass.readAmounts()
        pass.checkPassedOver()
        pass.joinDetailsAndSkip()
        pass.fillRoles()
        pass.findAccount(table)
        return pass.result
    }

    /// The text a `skip-row any is` names a row by: a balance word it holds (`SALDO
    /// INIZIALE`), else its first field that is neither a date nor an amount (a date would
    /// skip every row of that day); empty when it has none.
    static func skipText(_ r: SniffRecord) -> String {
        let fields = r.fields.map { String($0.trimmed) }.filter { !$0.isEmpty }
        if let word = fields.first(where: HeaderVocabulary.isBalanceRowWord) { return word }
        return fields.first { !SniffDates.isDate($0) && !SniffNumbers.isAmount($0) } ?? ""
    }

    /// True for a row with no date and no amount but text under the description: the bank
    /// writes a transaction's details on the lines under it.
    static func isDetailRow(_ r: SniffRecord, date: Int, money: [Int], description: [Int]) -> Bool {
        !money.isEmpty && r[date].trimmed.isEmpty && money.allSatisfy { r[$0].trimmed.isEmpty } && description.contains { !r[$0].trimmed.isEmpty }
    }

    static func describe(_ l: SniffColumns.Layout, _ c: SniffColumns) -> String {
        var parts: [String] = []
        switch l.money {
        case .signed(let a): parts.append("amount \(c.column(a))")
        case .debitCredit(let d, let cr): parts.append("debit \(c.column(d)), credit \(c.column(cr))")
        }
        if let i = l.indicator { parts.append("indicator \(c.column(i))") }
        if l.negate { parts.append("negate") }
        if let b = l.balance { parts.append("balance \(c.column(b))") }
        return parts.joined(separator: ", ")
    }

    static func preview(_ rows: [SniffRecord], _ p: CSVProfile, _ c: SniffColumns, _ format: AmountFormat) -> [[String]] {
        rows.prefix(5).map { r in
            let date = c.roles[.date].map { String(r[$0].trimmed) } ?? ""
            let parsed = p.dateColumn != nil ? p.dateFormat.parse(date).map(\.description) ?? "?" : "?"
            let text = c.description.map { String(r[$0].trimmed) }.filter { !$0.isEmpty }.joined(separator: " ")
            return [String(r.line), parsed, text]
        }
    }

    /// `N26_Sample.csv` → `n26-sample`; digits-only parts (dates) are dropped.
    static func profileName(_ fileName: String) -> String {
        let stem = (fileName as NSString).deletingPathExtension.lowercased()
        let words = stem.split { !$0.isLetter && !$0.isNumber }.filter { !$0.allSatisfy(\.isNumber) }
        let name = words.joined(separator: "-").filter { $0.isASCII }
        return name.isEmpty ? "bank" : name
    }

    /// The header as `match-header` compares it: the names joined by the delimiter.
    static func matchText(_ header: [String], _ delimiter: UInt8) -> String {
        header.map { $0.replacingOccurrences(of: "\"", with: "") }.joined(separator: String(UnicodeScalar(delimiter)))
    }

    /// A glob for files named like this one, with runs of digits as `*`.
    static func fileGlob(_ fileName: String) -> String {
        var out = ""
        for ch in fileName.lowercased() {
            if ch.isNumber { if !out.hasSuffix("*") { out.append("*") } } else { out.append(ch) }
        }
        return out
    }
}
