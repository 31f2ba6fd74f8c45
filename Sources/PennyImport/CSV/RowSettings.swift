import PennyCore

/// What `CSVRowMapper` reads of its profile for every row.
struct RowSettings {
    let headerLines: Int
    let endsAtBlankLine: Bool
    let joinsDetailRows: Bool
    let negate: Bool
    let ignoresExtraFields: Bool
    let encoding: CSVProfile.Encoding
    let dateFormat: DateFormat
    let amountFormat: AmountFormat

    init(_ profile: CSVProfile) {
        headerLines = profile.headerLines
        endsAtBlankLine = profile.endsAtBlankLine
        joinsDetailRows = profile.joinsDetailRows
        negate = profile.negate
        ignoresExtraFields = profile.ignoresExtraFields
        encoding = profile.encoding
        dateFormat = profile.dateFormat
        amountFormat = profile.amountFormat
    }
}
