import Foundation
public import PennyCore

/// Reads bank CSV exports with libcsv, driven by a `csv` profile from the rules.
///
/// Streams: libcsv holds one field, the collector one record, the source one chunk.
public struct CSVReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `csv`.
    public var format: StatementFormat { .csv }

    /// True when a profile claims the file by name or header.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        CSVProfileMatcher(profiles: configuration.csvProfiles).profile(for: probe) != nil
    }

    /// Streams one statement: the profile's account, then one transaction per data row.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        guard
            let profile = CSVProfileMatcher(profiles: configuration.csvProfiles).profile(for: probe)
                ?? (configuration.csvProfiles.count == 1 ? configuration.csvProfiles[0] : nil)
        else {
            let names = configuration.csvProfiles.map(\.name).joined(separator: ", ")
            throw .badInput("no csv profile matches this file (tried: \(names.isEmpty ? "none declared" : names))", at: SourceLocation(file: displayName))
        }
        try read(probe.url, profile: profile, displayName: displayName, configuration: configuration, emit: emit)
    }

    /// Streams a file with a given profile.
    public func read(
        _ url: URL, profile: CSVProfile, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let currency = profile.account.flatMap { configuration.accountCurrencies[$0] } ?? configuration.defaultCurrency
        try emit(
            .statement(
                StatementHeader(
                    accountIdentifier: nil, accountName: profile.account, currency: currency,
                    location: SourceLocation(file: displayName, line: 1))))
        var mapper = CSVRowMapper(profile: profile, fileName: displayName, currency: currency)
        try withoutActuallyEscaping(emit) { (emit) throws(PennyError) in
            let collector = CSVRecordCollector(fileName: displayName) { (record) throws(PennyError) in
                if let transaction = try mapper.map(record) { try emit(.transaction(transaction)) }
            }
            let parser = try LibCSVParser(delimiter: profile.delimiter, collector: collector)
            try ByteSource(url: url, displayName: displayName, encoding: profile.encoding).forEachChunk { (chunk) throws(PennyError) in
                try parser.feed(chunk)
            }
            try parser.finish()
        }
    }
}
