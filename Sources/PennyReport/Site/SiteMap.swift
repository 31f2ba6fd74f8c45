import PennyCore

/// The pages of a report site and their file names, all in one folder so every link is a
/// plain relative name that works from `file://`: `index.html` (the latest month),
/// `month-2024-03.html`, `category-expenses-food.html`, `account-assets-bank-aib.html`,
/// `payee-lidl.html` and `payees.html` (the list of payees).
public struct SiteMap: Sendable {
    /// The months with data, oldest first.
    public let months: [(year: Int, month: Int)]
    /// The month the home page shows.
    public let home: (year: Int, month: Int)?
    /// The own accounts with a page, in the rules' order.
    public let accounts: [String]
    /// Category depth: a posting's account is grouped at it to find its category's page.
    public let depth: Int
    /// The page listing every payee with a page.
    public static let payeeIndex = "payees.html"
    /// The pages of whole reports (`report recurring`, `forecast`, `roundups`) the site
    /// has, by file name, in the navigation's order, each with its title's translation key.
    public var reports: [(file: String, titleKey: String)] = []
    private let categoryFiles: [String: String]
    private let accountFiles: [String: String]
    private let payeeFiles: [String: String]

    /// The map of a ledger's months, categories, own accounts and payees (by payee key).
    public init(months: [(year: Int, month: Int)], categories: [String], accounts: [String] = [], payees: [String] = [], depth: Int = 2) {
        self.months = months
        self.home = months.last
        self.accounts = accounts
        self.depth = depth
        var taken: Set<String> = ["index", "payees", "recurring", "forecast", "roundups"]
        categoryFiles = Self.names(categories.sorted(), prefix: "category-", taken: &taken)
        accountFiles = Self.names(accounts, prefix: "account-", taken: &taken)
        payeeFiles = Self.names(payees.sorted(), prefix: "payee-", taken: &taken)
    }

    /// The page of a month.
    public func file(year: Int, month: Int) -> String {
        "month-\(year)-\(month < 10 ? "0" : "")\(month).html"
    }

    /// The page of a category, nil when it has none.
    public func file(category: String) -> String? { categoryFiles[category] }

    /// The page of an own account, nil when it has none.
    public func file(account: String) -> String? { accountFiles[account] }

    /// The page of a payee (by its key), nil when it has none.
    public func file(payee key: String) -> String? { payeeFiles[key] }

    /// The page a posting's account opens: its own account's, else its category's.
    public func file(posting account: String) -> String? {
        accountFiles[account] ?? categoryFiles[AccountName.group(account, depth: depth)]
    }

    /// The categories with a page, sorted.
    public var categories: [String] { categoryFiles.keys.sorted() }

    /// The payee keys with a page.
    public var payees: [String] { payeeFiles.keys.sorted() }

    /// Lower-case ASCII letters and digits joined by `-` (`Café & Bar` → `cafe-bar`).
    static func slug(_ text: String) -> String {
        let words = TextKey.fold(text).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return words.isEmpty ? "x" : words.joined(separator: "-")
    }

    private static func names(_ keys: [String], prefix: String, taken: inout Set<String>) -> [String: String] {
        var files: [String: String] = [:]
        for key in keys where files[key] == nil {
            let name = UniqueName.next(prefix + String(slug(key).prefix(60)), taken: taken)
            taken.insert(name)
            files[key] = name + ".html"
        }
        return files
    }
}
