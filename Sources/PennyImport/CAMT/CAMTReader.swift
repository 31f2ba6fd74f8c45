import Foundation
public import PennyCore

/// Reads ISO 20022 cash-management XML: camt.053 statements, camt.052 reports and camt.054
/// notifications, versions 001.01 to 001.08, any namespace prefix, streamed with libxml2's
/// SAX2 parser (`XMLStream`) so memory stays flat however large the file.
///
/// Amounts take their sign from `CdtDbtInd` (a reversal keeps the sign the bank gives and
/// is typed `reversal`); an `Amt` written with a sign of its own is refused, so a sign is
/// never applied twice. An entry whose `TxDtls` all carry amounts that add up to the
/// entry's is split into one transaction per `TxDtls` (a batch); otherwise it is one
/// transaction. Entries with a status other than BOOK are pending.
public struct CAMTReader: StatementReader {
    /// Makes the reader.
    public init() {}

    /// `camt`.
    public var format: StatementFormat { .camt }

    /// True for XML naming a camt.05x namespace or a BkToCstmr message.
    public func recognizes(_ probe: FileProbe, configuration: ReaderConfiguration) -> Bool {
        guard probe.firstSignificantByte == UInt8(ascii: "<") else { return false }
        let head = String(decoding: probe.head, as: UTF8.self)
        return head.contains("iso:20022:tech:xsd:camt.05") || head.contains("BkToCstmr")
    }

    /// Streams each statement and its transactions.
    public func read(
        _ probe: FileProbe, displayName: String, configuration: ReaderConfiguration,
        emit: (StatementEvent) throws(PennyError) -> Void
    ) throws(PennyError) {
        let stream = try XMLStream(path: probe.url.path, fileName: displayName, names: CAMTTag.names)
        try CAMTParser.read(stream, fileName: displayName, defaultCurrency: configuration.defaultCurrency, emit: emit)
    }

    /// Streams CAMT XML held in memory (a CAMT report inside a JSON wrapper).
    func read(bytes: [UInt8], displayName: String, configuration: ReaderConfiguration, emit: (StatementEvent) throws(PennyError) -> Void) throws(PennyError) {
        let stream = try XMLStream(bytes: bytes, fileName: displayName, names: CAMTTag.names)
        try CAMTParser.read(stream, fileName: displayName, defaultCurrency: configuration.defaultCurrency, emit: emit)
    }
}
