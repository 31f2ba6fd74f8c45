public import PennyCore

/// The pages of a report site and their file names, all in one folder so every link is a
/// plain relative name that works from `file://`: `index.html` (the latest month),
/// `month-2024-03.html`, `category-expenses-food.html`.
public struct SiteMap: Sendable {
    /// The months with data, oldest first.
    public let months: [(year: Int, month: Int)]
    /// The month the home page shows.
    public let home: (year: Int, month: Int)?
    /// Each category's page name.
    private let categoryFiles: [String: String]

    /// The map of a ledger's months and categories.
    public init(months: [(year: Int, month: Int)], categories: [String]) {
        self.months = months
        self.home = months.last
        var files: [String: String] = [:]
        var taken: Set<String> = []
        for category in categories.sorted() {
            let name = UniqueName.next("category-" + Self.slug(category), taken: taken)
            taken.insert(name)
            files[category] = name + ".html"
        }
        categoryFiles = files
    }

    /// The page of a month.
    public func file(year: Int, month: Int) -> String {
        "month-\(year)-\(month < 10 ? "0" : "")\(month).html"
    }

    /// The page of a category, nil when it has none.
    public func file(category: String) -> String? { categoryFiles[category] }

    /// The categories with a page, sorted.
    public var categories: [String] { categoryFiles.keys.sorted() }

    /// Lower-case ASCII letters and digits joined by `-` (`Café & Bar` → `cafe-bar`).
    static func slug(_ text: String) -> String {
        let words = TextKey.fold(text).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.isEmpty ? "x" : words.joined(separator: "-")
    }
}
