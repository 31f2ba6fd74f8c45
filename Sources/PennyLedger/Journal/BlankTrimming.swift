extension Substring {
    /// The text without leading and trailing blanks: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives (tab, Unicode's space separators and,
    /// as Foundation's older tables have it, the zero width space), read natively, without
    /// bridging every line to `NSString`.
    public var trimmingBlanks: String { trimmingScalars(where: Self.isBlank) }

    /// The text without the scalars `isTrimmed` picks at either end: Foundation's
    /// `trimmingCharacters(in:)` for a set of scalars, without bridging to `NSString`.
    public func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let end = scalars.index(after: scalars.lastIndex(where: { !isTrimmed($0) })!)
        return String(Substring(scalars[first..<end]))
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || scalar == "\t" }
        return scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{200B}"
    }
}

extension String {
    /// The text without leading and trailing blanks (`Substring.trimmingBlanks`).
    public var trimmingBlanks: String { self[...].trimmingBlanks }

    /// The text without the scalars `isTrimmed` picks at either end (`Substring.trimmingScalars`).
    public func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String { self[...].trimmingScalars(where: isTrimmed) }
}
