public import PennyCore

/// The list of statement readers and the choice of one for a file.
public struct ReaderRegistry: Sendable {
    /// The readers, tried in order.
    public let readers: [any StatementReader]

    /// Makes a registry from readers.
    public init(readers: [any StatementReader]) {
        self.readers = readers
    }

    /// Every reader Penny has.
    public static let standard = ReaderRegistry(readers: [CSVReader(), OFXReader(), CAMTReader(), JSONReader(), QIFReader(), MT940Reader()])

    /// The reader for `probe`: the forced format's, or the one reader that recognizes it.
    ///
    /// A file no reader claims, or that two claim, is rejected with what was tried.
    public func reader(
        for probe: FileProbe, forcedFormat: StatementFormat?, configuration: ReaderConfiguration,
        displayName: String
    ) throws(PennyError) -> any StatementReader {
        if let forcedFormat {
            guard let reader = readers.first(where: { $0.format == forcedFormat }) else {
                throw .configuration("format '\(forcedFormat.rawValue)' is not supported yet", at: SourceLocation(file: displayName))
            }
            return reader
        }
        let claims = readers.filter { $0.recognizes(probe, configuration: configuration) }
        if claims.count == 1 { return claims[0] }
        if claims.count > 1 {
            let names = claims.map(\.format.rawValue).joined(separator: ", ")
            throw PennyError.badInput("several formats claim this file (\(names)); choose one with --format", at: SourceLocation(file: displayName)).coded(.unrecognized)
        }
        if looksLikeCSV(probe), Self.looks(probe) == nil {
            let tried = configuration.csvProfiles.map(\.name)
            let list = tried.isEmpty ? "no csv profiles are declared" : "tried csv profiles: " + tried.joined(separator: ", ")
            throw PennyError.badInput("no csv profile matches this file (\(list)); add a 'csv' block with 'match-file' or 'match-header'", at: SourceLocation(file: displayName))
                .coded(.unrecognized)
        }
        let tried = readers.map(\.format.rawValue).joined(separator: ", ")
        let looks = Self.looks(probe).map { "; it looks like \($0)" } ?? ""
        throw PennyError.badInput("unrecognized statement format (tried \(tried))\(looks)", at: SourceLocation(file: displayName, line: 1)).coded(.unrecognized)
    }

    /// What a file no reader claims looks like, when its first bytes say so.
    public static func looks(_ probe: FileProbe) -> String? {
        let head = probe.head
        if head.starts(with: Array("%PDF".utf8)) { return "a PDF document: download the statement as CSV, OFX, CAMT, QIF or MT940 instead" }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive or an Excel/ODS workbook: export it as CSV" }
        if head.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { return "an old Excel (.xls) workbook: export it as CSV" }
        let text = String(decoding: head.prefix(512), as: UTF8.self).lowercased()
        if text.contains("<html") || text.contains("<!doctype html") { return "a web page (HTML), perhaps a bank's error or login page" }
        if text.hasPrefix("<?xml") || text.hasPrefix("<") { return "XML of another kind than OFX or CAMT" }
        return nil
    }

    private func looksLikeCSV(_ probe: FileProbe) -> Bool {
        let name = probe.fileName.lowercased()
        return name.hasSuffix(".csv") || name.hasSuffix(".txt") || name.hasSuffix(".tsv")
    }
}
