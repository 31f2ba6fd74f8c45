extension Substring {
    /// The text without leading and trailing blanks: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives (tab, Unicode's space separators and,
    /// as Foundation's older tables have it, the zero width space), read natively, without
    /// bridging every line to `NSString`.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isBlank($0) }) else { return "" }
        let end = scalars.index(after: scalars.lastIndex(where: { !Self.isBlank($0) })!)
        return String(Substring(scalars[first..<end]))
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"
    }
}

extension String {
    /// The text without leading and trailing blanks (`Substring.trimmingBlanks`).
    var trimmingBlanks: String { self[...].trimmingBlanks }
}
