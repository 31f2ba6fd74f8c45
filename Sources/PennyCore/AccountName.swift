/// An account's name as the journal writes it (`expenses:food:groceries`), and the one
/// place that says which of the five top-level accounts it belongs to: `expenses` and
/// `expenses:food` are under `expenses`, `expensesfood` and `exp` are under nothing.
public struct AccountName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The five top-level accounts of double-entry bookkeeping, as hledger names them.
    public enum Root: String, CaseIterable, Sendable {
        case assets, liabilities, income, expenses, equity
    }

    /// The name, segments separated by `:`.
    public let text: String

    /// Wraps a name as written.
    public init(_ text: String) { self.text = text }

    /// The top-level account the name is under, or nil when its first segment is none of the five.
    public var root: Root? { Self.root(of: text) }

    /// True when the name is `root` itself or an account under it.
    public func isUnder(_ root: Root) -> Bool { Self.root(of: text) == root }

    /// True when the name is `other` or an account under it (`a:b` is under `a`, `ab` is not).
    public func isUnder(_ other: AccountName) -> Bool {
        text == other.text || (text.utf8.count > other.text.utf8.count && text.hasPrefix(other.text) && text.utf8.dropFirst(other.text.utf8.count).first == UInt8(ascii: ":"))
    }

    /// The top-level account `name` is under, without making a value (hot paths).
    public static func root(of name: String) -> Root? {
        // Bytes first: no string is made. When a non-ASCII byte follows the `:` (it could
        // be a combining mark joined to it), the character-level reading decides.
        let fast: Root?? =
            name.utf8.withContiguousStorageIfAvailable { bytes -> Root?? in
                let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
                if colon + 1 < bytes.count, bytes[colon + 1] >= 0x80 { return nil }
                let head = UnsafeBufferPointer(rebasing: bytes[..<colon])
                for (root, text) in Self.rootBytes where text.count == head.count && text.elementsEqual(head) { return root }
                return .some(nil)
            } ?? nil
        if let fast { return fast }
        let end = name.firstIndex(of: ":") ?? name.endIndex
        return Root(rawValue: String(name[..<end]))
    }

    /// Each top-level account's name as bytes.
    private static let rootBytes = Root.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The account `name` counts under at `depth` segments (`expenses:food:groceries` at 2
    /// is `expenses:food`): how reports group categories, so a site's page and the summary's
    /// line name the same group.
    public static func group(_ name: String, depth: Int) -> String {
        name.split(separator: ":").prefix(depth).joined(separator: ":")
    }

    /// True when the name is an asset or a liability: money a person holds or owes.
    public var isBalanceSheet: Bool { isUnder(.assets) || isUnder(.liabilities) }

    /// Orders by the text.
    public static func < (a: AccountName, b: AccountName) -> Bool { a.text < b.text }

    /// The name as written.
    public var description: String { text }
}
