import PennyCore

/// Signs an unsigned amount by a debit/credit indicator (`D`/`C`, `Af`/`Bij`, `12.00 CR`).
///
/// The indicator decides the sign; a sign written on the number is ignored, as banks write
/// both `33.50 D` and `-1,533.50 C` for what their running balance shows is money in. A
/// mark that is neither a debit nor a credit mark is an error: Penny never guesses a sign.
struct IndicatorAmount {
    let debitMarks: Set<String>
    let creditMarks: Set<String>

    init(profile: CSVProfile) {
        debitMarks = Set(profile.debitMarks.map { $0.uppercased() })
        creditMarks = Set(profile.creditMarks.map { $0.uppercased() })
    }

    /// -1 for money out, +1 for money in, nil when the mark is neither.
    func sign(of mark: String) -> Int64? {
        let key = mark.trimmingSpaces.uppercased()
        if debitMarks.contains(key) { return -1 }
        if creditMarks.contains(key) { return 1 }
        return nil
    }

    /// Splits `12.00 CR` or `12,00D` into the number and the letters after it.
    static func splitTrailingMark(_ text: String) -> (number: String, mark: String) {
        let scalars = Array(text.trimmingSpaces.unicodeScalars)
        var cut = scalars.count
        while cut > 0, scalars[cut - 1].properties.isAlphabetic { cut -= 1 }
        let number = String(String.UnicodeScalarView(scalars[..<cut])).trimmingSpaces
        return (number, String(String.UnicodeScalarView(scalars[cut...])))
    }

    /// The names of the marks, for messages.
    var described: String {
        "debit-marks \(debitMarks.sorted().joined(separator: ", ")); credit-marks \(creditMarks.sorted().joined(separator: ", "))"
    }
}
