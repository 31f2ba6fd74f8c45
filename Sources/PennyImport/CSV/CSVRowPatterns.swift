import PennyCore

/// A profile's `skip-row` and `end-row` patterns, compiled against the header once.
///
/// Patterns test a row's raw text (decoded, case, accents and spacing folded) before any
/// field is parsed, so a `Pending` in the date column or a legal footer never reaches the
/// date and amount parsers.
struct CSVRowPatterns {
    private struct Compiled {
        let column: Int?
        let test: CSVProfile.RowPattern.Test
        let key: String
        /// The pattern's text as written (for the import line).
        let text: String
    }

    private let skips: [Compiled]
    private let ends: [Compiled]

    /// True when the profile has no patterns (the common case costs nothing per row).
    var isEmpty: Bool { skips.isEmpty && ends.isEmpty }

    init(profile: CSVProfile, headerNames: [String]) {
        let folded = headerNames.map { TextKey.fold($0) }
        func compile(_ pattern: CSVProfile.RowPattern) -> Compiled {
            var column: Int?
            switch pattern.column {
            case .index(let i): column = i - 1
            case .header(let name): column = folded.firstIndex(of: TextKey.fold(name)) ?? Int.max
            case nil: column = nil
            }
            return Compiled(column: column, test: pattern.test, key: TextKey.fold(pattern.text), text: pattern.text)
        }
        skips = profile.skipRows.map(compile)
        ends = profile.endRows.map(compile)
    }

    /// True when an `end-row` pattern holds: the data ended before this row.
    func ends(_ fields: (Int) -> String?, count: Int) -> Bool { ends.contains { holds($0, fields, count) } }

    /// The text of the first `skip-row` pattern that holds, or nil.
    func skipping(_ fields: (Int) -> String?, count: Int) -> String? { skips.first { holds($0, fields, count) }?.text }

    private func holds(_ pattern: Compiled, _ fields: (Int) -> String?, _ count: Int) -> Bool {
        let indices = pattern.column.map { $0 < count ? [$0] : [] } ?? Array(0..<count)
        return indices.contains { index in
            guard let text = fields(index) else { return false }
            let key = TextKey.fold(text)
            switch pattern.test {
            case .is: return key == pattern.key
            case .contains: return key.contains(pattern.key)
            case .startsWith: return key.hasPrefix(pattern.key)
            }
        }
    }
}
