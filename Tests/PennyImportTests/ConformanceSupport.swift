import Foundation
import PennyCore
@testable import PennyImport
import Testing

/// The corpus copied from `shared/corpus` and the facts derived for it independently.
enum Conformance {
    static let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("conformance")

    nonisolated(unsafe) static let expected: [String: [String: Any]] = {
        let data = try! Data(contentsOf: root.appendingPathComponent("EXPECTED.json"))
        let json = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return json["files"] as! [String: [String: Any]]
    }()

    /// Corpus files of a format folder, relative to the conformance root.
    static func files(_ folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(atPath: base.path)!
        return enumerator.compactMap { $0 as? String }
            .filter { !$0.hasSuffix(".rules") && !$0.hasSuffix(".md") }
            .filter {
                var d: ObjCBool = false; return FileManager.default.fileExists(atPath: base.appendingPathComponent($0).path, isDirectory: &d) && !d.boolValue
            }
            .map { "\(folder)/\($0)" }
            .sorted()
    }

    /// What a reader made of a file.
    struct Outcome {
        var headers: [StatementHeader] = []
        var transactions: [Transaction] = []
    }

    static func read(_ file: String, with reader: some StatementReader, pending: Bool = false) throws(PennyError) -> Outcome {
        let url = root.appendingPathComponent(file)
        let probe = try FileProbe(url: url)
        var outcome = Outcome()
        try reader.read(probe, displayName: file, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { (event) throws(PennyError) in
            switch event {
            case .statement(let header): outcome.headers.append(header)
            case .transaction(let t): outcome.transactions.append(t)
            case .rows(let rows): for i in 0..<rows.count { outcome.transactions.append(rows[i].transaction()) }
            case .closing(let balance): outcome.headers[outcome.headers.count - 1].closing = balance
            case .warning, .skippedRows: break
            }
        }
        return outcome
    }

    /// Reads a corpus file; a file listed in `rejections` must be rejected with that message
    /// (start) and a location in the file, and then nil is returned.
    static func readOrExpectRejection(_ file: String, with reader: some StatementReader, rejections: [String: String]) -> Outcome? {
        do throws(PennyError) {
            let outcome = try read(file, with: reader)
            if rejections[file] != nil { Issue.record("\(file) was expected to be rejected") }
            return outcome
        } catch {
            if let reason = rejections[file] {
                #expect(error.message.hasPrefix(reason), "\(file): \(error)")
                #expect(error.location?.file == file && (error.location?.line ?? 0) > 0, "\(file): \(error)")
            } else {
                Issue.record("\(file) rejected: \(error)")
            }
            return nil
        }
    }

    /// A decimal string as exact ten-thousandths (the corpus facts print Python Decimals).
    static func tenThousandths(_ text: String) -> Int64? {
        try? AmountParser.parse(text, format: AmountFormat(decimalMark: ".", thousandsSeparator: .some(nil)), exponent: 4)
    }

    /// Minor units as ten-thousandths.
    static func tenThousandths(_ money: Money) -> Int64 {
        var value = money.minorUnits
        for _ in 0..<(4 - money.currency.exponent) { value *= 10 }
        return value
    }
}
