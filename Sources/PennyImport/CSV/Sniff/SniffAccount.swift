import PennyCore

/// Finds the own account a file names: an IBAN or an account or card number in the lines
/// before the header, or one value repeated in every row of an account column.
enum SniffAccount {
    static let labels = [
        "iban", "account number", "account no", "account", "card number", "kontonummer", "konto", "numero de conta", "conta", "numero de cuenta",
        "cuenta", "numero de compte", "compte", "conto", "rekeningnummer", "rekening",
    ]

    /// The identifier in preamble records, with the line it is on.
    static func inPreamble(_ records: [SniffRecord]) -> (String, Int)? {
        for record in records {
            for (i, field) in record.fields.enumerated() {
                if let iban = iban(in: field) { return (iban, record.line) }
                // `Account Number : 0808` in one field, or `IBAN;DE12…` in two.
                let parts = field.split(separator: ":", maxSplits: 1)
                let label = HeaderVocabulary.normalize(String(parts.first ?? ""))
                guard labels.contains(where: { label == $0 || label.hasSuffix(" " + $0) }) else { continue }
                let value = parts.count == 2 ? String(parts[1]) : record[i + 1]
                if let id = accountNumber(value) { return (id, record.line) }
            }
        }
        return nil
    }

    /// A valid IBAN written in the text (spaces allowed), compact.
    static func iban(in text: String) -> String? {
        let compact = text.filter { !$0.isWhitespace }.uppercased()
        guard compact.count >= 15, compact.count <= 34, compact.prefix(2).allSatisfy(\.isLetter), IBAN.isValid(compact) else { return nil }
        return compact
    }

    /// An account or card number: digits, perhaps masked with X or *, at least four digits.
    static func accountNumber(_ text: String) -> String? {
        let t = String(text.trimmed)
        guard !t.isEmpty, t.count <= 34 else { return nil }
        if let iban = iban(in: t) { return iban }
        // IBAN-shaped after an account label: kept as written even when its check digits fail.
        let compact = t.filter { !$0.isWhitespace }.uppercased()
        if compact.count >= 15, compact.count <= 34, compact.prefix(2).allSatisfy(\.isLetter), compact.dropFirst(2).allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) {
            return compact
        }
        let allowed = t.allSatisfy { $0.isNumber || $0 == "X" || $0 == "x" || $0 == "*" || $0 == "-" || $0 == " " }
        return allowed && t.filter(\.isNumber).count >= 4 ? t : nil
    }
}
