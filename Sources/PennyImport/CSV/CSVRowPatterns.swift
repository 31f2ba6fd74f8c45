import PennyCore

/// A profile's `skip-row` and `end-row` patterns, compiled against the header once.
///
/// Patterns test a row's raw text (decoded, case, accents and spacing folded) before any
/// field is parsed, so a `Pending` in the date column or a legal footer never reaches the
/// date and amount parsers.
struct CSVRowPatterns {
    private let skips: [CompiledRowPattern]
    private let ends: [CompiledRowPattern]

    /// True when the profile has no patterns (the common case costs nothing per row).
    var isEmpty: Bool { skips.isEmpty && ends.isEmpty }

    init(profile: CSVProfile, headerNames: [String]) {
        let folded = headerNames.map { TextKey.fold($0) }
        func compile(_ pattern: CSVProfile.RowPattern) -> CompiledRowPattern {
            var column: Int?
            switch pattern.column {
            case .index(let i): column = i - 1
            case .header(let name): column = folded.firstIndex(of: TextKey.fold(name)) ?? Int.max
            case nil: column = nil
            }
            return CompiledRowPattern(column: column, test: pattern.test, text: pattern.text)
        }
        skips = profile.skipRows.map(compile)
        ends = profile.endRows.map(compile)
    }

    /// True when an `end-row` pattern holds for `record`: the data ended before this row.
    func ends(_ record: CSVRecord, _ decoder: TextDecoder) -> Bool { ends.contains { holds($0, record, decoder) } }

    /// The text of the first `skip-row` pattern that holds for `record`, or nil.
    func skipping(_ record: CSVRecord, _ decoder: TextDecoder) -> String? { skips.first { holds($0, record, decoder) }?.text }

    private func holds(_ pattern: CompiledRowPattern, _ record: CSVRecord, _ decoder: TextDecoder) -> Bool {
        let count = record.count
        let indices = pattern.column.map { $0 < count ? $0..<($0 + 1) : 0..<0 } ?? 0..<count
        return indices.contains { index in
            let field = record.field(index)
            if let holds = pattern.holdsFolded(field) { return holds }
            guard let text = decoder.decode(field) else { return false }
            return pattern.holds(TextKey.fold(text))
        }
    }
}
