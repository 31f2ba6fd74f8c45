import Foundation
import PennyCore
import PennyLedger

/// What the last `report site` run wrote, kept in the site's folder as `.penny-site.json`:
/// the digest of everything, each month recap's digest, and the pages. A missing or
/// unreadable file means nothing is known: every page is rebuilt.
struct SiteState: Codable, Equatable {
    /// The file's name in the site's folder.
    static let fileName = ".penny-site.json"

    /// The digest of the whole ledger and configuration.
    var overall: String
    /// Each month recap's digest by `YYYY-MM`.
    var months: [String: String]
    /// Every page of the site.
    var pages: [String]

    /// The state saved in `directory`, nil when there is none or it cannot be read.
    static func load(directory: String) -> SiteState? {
        guard let data = FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(SiteState.self, from: data)
    }

    /// Removes the state from `directory` (every page is then rebuilt next time).
    static func remove(directory: String) {
        try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(fileName))
    }

    /// Saves the state atomically into `directory`.
    func save(directory: String) throws(PennyError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(self) else { return }
        try AtomicFile.write(String(decoding: data, as: UTF8.self) + "\n", to: (directory as NSString).appendingPathComponent(Self.fileName))
    }
}

/// What a report site's pages depend on besides the ledger, as one string for
/// `ReportSite.configuration`: Penny's version, the text of every `*.rules` file under the
/// rules path, and the options that shape the pages.
public enum SiteConfiguration {
    /// The configuration of a run. Rules files reached by an `include` outside the rules
    /// path are not read: a change there needs `report site` run without its state file.
    public static func describe(version: String, rulesPath: String, options: [String]) -> String {
        var hash = StableHash()
        hash.combine(version)
        for option in options { hash.combine(option) }
        for file in rulesFiles(rulesPath) {
            hash.combine(file)
            hash.combine(bytes: FileManager.default.contents(atPath: file) ?? Data())
        }
        return StableHash.hex(hash.value)
    }

    private static func rulesFiles(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".rules") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
