import Foundation

/// The labels of the reports in each language, from `Locale/Translations/LANG.json` (one
/// flat JSON object per language that a translator edits; compiled into the binary).
public struct Translations: Sendable {
    /// The languages there are files for, English first.
    public static let languages = ["en", "pt-PT", "pt-BR", "es", "ca", "it"]

    /// The language these labels are in.
    public let language: String
    private let labels: [String: String]
    private let english: [String: String]

    /// The labels of `language` (one of `languages`), English where a key is missing.
    public init(language: String) {
        self.language = Self.languages.contains(language) ? language : "en"
        labels = Self.table(self.language)
        english = Self.table("en")
    }

    /// The label for `key`; the key itself if no language has it.
    public subscript(_ key: String) -> String { labels[key] ?? english[key] ?? key }

    /// The keys a language's file defines, for the test that every language has every key.
    public static func keys(of language: String) -> Set<String> { Set(table(language).keys) }

    private static func table(_ language: String) -> [String: String] {
        let bytes: [UInt8]
        switch language {
        case "pt-PT": bytes = PackageResources.pt_PT_json
        case "pt-BR": bytes = PackageResources.pt_BR_json
        case "es": bytes = PackageResources.es_json
        case "ca": bytes = PackageResources.ca_json
        case "it": bytes = PackageResources.it_json
        default: bytes = PackageResources.en_json
        }
        return (try? JSONDecoder().decode([String: String].self, from: Data(bytes))) ?? [:]
    }
}
