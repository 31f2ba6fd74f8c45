public import PennyCore

extension CSVReader {
    /// The profile (rules order) that claims a file by name or header, if any.
    public func profile(for probe: FileProbe, configuration: ReaderConfiguration) -> CSVProfile? {
        CSVProfileMatcher(profiles: configuration.csvProfiles).profile(for: probe)
    }

    /// True for the names of files that are read as CSV (`.csv`, `.txt`, `.tsv`).
    public static func isCSVName(_ fileName: String) -> Bool {
        let name = fileName.lowercased()
        return name.hasSuffix(".csv") || name.hasSuffix(".txt") || name.hasSuffix(".tsv")
    }
}
