import Foundation

/// Beancount names for a ledger's accounts and tags, made deterministically
/// (docs/beancount.md):
///
/// - the root: `assets`/`asset` → `Assets`, `liabilities`/`liability` → `Liabilities`,
///   `equity` → `Equity`, `income`/`revenue`/`revenues` → `Income`,
///   `expenses`/`expense` → `Expenses` (any case); a name under another root goes whole
///   under `Equity:Other`;
/// - each other component: accents dropped, every run of characters other than ASCII
///   letters and digits becomes one `-`, `-` trimmed at the ends, the first letter upper
///   case; an empty component becomes `X`, one that does not start with a letter or
///   digit gets an `X` in front (`opening-balances` → `Opening-balances`);
/// - when two ledger names meet in one beancount name, the one later in sorted order
///   gets `-2` (then `-3`, …) on its last component.
public struct BeancountNames: Sendable {
    /// Beancount account by ledger account.
    public private(set) var accounts: [String: String] = [:]

    /// The names for `ledgerAccounts`.
    public init(ledgerAccounts: some Sequence<String>) {
        var taken = Set<String>()
        for name in Set(ledgerAccounts).sorted() {
            let base = Self.account(name)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            accounts[name] = candidate
        }
    }

    private static let roots: [String: String] = [
        "assets": "Assets", "asset": "Assets", "liabilities": "Liabilities", "liability": "Liabilities", "equity": "Equity",
        "income": "Income", "revenue": "Income", "revenues": "Income", "expenses": "Expenses", "expense": "Expenses",
    ]

    /// The beancount account for one ledger account, before collisions are resolved.
    static func account(_ name: String) -> String {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if let root = roots[parts[0].lowercased()], parts.count > 1 {
            return ([root] + parts.dropFirst().map(component)).joined(separator: ":")
        }
        return (["Equity", "Other"] + parts.map(component)).joined(separator: ":")
    }

    /// One component: ASCII letters, digits and single `-`, starting upper case or a digit.
    static func component(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive], locale: nil)
        var out = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        guard let first = out.first else { return "X" }
        return first.uppercased() + out.dropFirst()
    }

    /// A metadata key: lower-case ASCII letter first, then letters, digits, `-` and `_`;
    /// other characters become `-`; a key that would not start with a letter, or one
    /// beancount sets itself (`filename`, `lineno`), gets `penny-` in front.
    public static func metadataKey(_ tag: String) -> String {
        var key = String(tag.unicodeScalars.map { s in s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_") ? Character(s) : "-" })
        if let first = key.first, first.isUppercase { key = first.lowercased() + key.dropFirst() }
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first), key != "filename", key != "lineno" else { return "penny-" + key }
        return key
    }

    /// A beancount string: `"` and `\` escaped.
    public static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
