/// The century of a two-digit year (QIF `1/2'24`, MT940 `240102`).
enum TwoDigitYear {
    /// `00`–`68` are 2000–2068, `69`–`99` are 1969–1999 (the POSIX `%y` pivot).
    static func expand(_ year: Int) -> Int {
        year < 69 ? 2000 + year : 1900 + year
    }
}
