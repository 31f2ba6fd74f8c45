import Foundation
import PennyCore
import PennyImport
import PennyLedger
import PennyRules

/// One fuzz process: the target, the rules the readers are configured with, and a scratch
/// folder the input is written to (readers take files, as in `penny import`).
///
/// A finding is a crash (Swift traps, sanitizers), a hang (libFuzzer's `-timeout`), or an
/// error that names no place in the input: that one is turned into a crash here so that
/// libFuzzer keeps the input.
final class Harness: @unchecked Sendable {
    /// The process's harness, made on the first input.
    static let shared = Harness()

    let target: FuzzTarget
    let rules: RuleSet
    let configuration: ReaderConfiguration
    let categorizer: Categorizer
    let folder: String
    let input: String
    /// The size of the input being run.
    private(set) var inputSize = 0

    init() {
        let environment = ProcessInfo.processInfo.environment
        guard let name = environment["PENNY_FUZZ_TARGET"], let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            fatalError("set PENNY_FUZZ_TARGET to one of: \(names)")
        }
        self.target = target
        // The samples' rules and the CSV shapes, read as one text (files or folders, ':' between).
        let rulesPaths = (environment["PENNY_FUZZ_RULES"] ?? "rules:Fuzz/csv-shapes.rules").split(separator: ":").map(String.init)
        let text = rulesPaths.flatMap(Self.rulesFiles).compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
        do throws(RulesDiagnostics) { rules = try RulesLoader.load(text: text, file: "fuzz-rules") } catch {
            fatalError("cannot load \(rulesPaths): \(error.errors.map(\.description).joined(separator: "\n"))")
        }
        configuration = ReaderConfiguration(
            csvProfiles: rules.csvProfiles, defaultCurrency: rules.defaultCurrency,
            accountCurrencies: Dictionary(rules.accounts.compactMap { a in a.currency.map { (a.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        categorizer = Categorizer(rules)
        let scratch = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        folder = (scratch as NSString).appendingPathComponent("penny-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        input = (folder as NSString).appendingPathComponent(target.fileName)
    }

    /// A rules file, or a folder's `*.rules` files in name order.
    static func rulesFiles(_ path: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
        return names.filter { $0.hasSuffix(".rules") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }

    /// Feeds one input to the target.
    func run(_ bytes: [UInt8]) {
        inputSize = bytes.count
        switch target {
        case .rules:
            RulesFuzzing(categorizer: categorizer).run(bytes)
        default:
            guard FileManager.default.createFile(atPath: input, contents: Data(bytes)) else { fatalError("cannot write \(input)") }
            if target == .journal {
                JournalFuzzing(path: input, defaultCurrency: rules.defaultCurrency).run()
            } else if let format = target.format {
                ReaderFuzzing(harness: self, format: format).run()
            }
        }
    }

    /// Stops the process (so libFuzzer saves the input) when `error` names no place.
    static func requireLocation(_ error: PennyError, _ stage: String) {
        guard let location = error.location, !location.file.isEmpty else {
            fatalError("\(stage): an error without a location: \(error.description)")
        }
    }
}
