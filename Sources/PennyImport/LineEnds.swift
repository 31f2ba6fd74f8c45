/// Where a line of statement text ends.
enum LineEnds {
    /// LF, CRLF or a lone CR. CRLF is one `Character` in Swift, so a split at `"\n"` alone
    /// leaves a CRLF file one long line.
    static func isLineEnd(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }
}
