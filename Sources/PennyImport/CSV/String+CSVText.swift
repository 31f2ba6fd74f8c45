extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingSpaces: String {
        if let first = utf8.first, let last = utf8.last, !Self.isSpaceByte(first), !Self.isSpaceByte(last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    private static func isSpaceByte(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0xC2 || b == 0xE2 || b == 0xA0
    }

    /// Line ends shown as spaces, for one-line excerpts.
    var replacingNewlines: String {
        guard utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return self }
        return String(map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 })
    }
}
