import PennyCore

/// Decides a date column's format from every value it holds, never by guessing an order.
///
/// Every candidate pattern that reads *all* the values survives. When survivors read the
/// same text as different dates (`01/02/2024`: 1 February or 2 January), the column is
/// ambiguous until one value settles it (`13/02/2024` can only be day first).
enum SniffDates {
    /// The patterns tried, most usual first within each order.
    static let candidates: [DateFormat] = {
        var patterns: [String] = []
        let times = ["", " %H:%M:%S", " %H:%M", "T%H:%M:%S", "T%H:%M:%S%Z", "T%H:%M", " %H:%M:%S.%f", "T%H:%M:%S.%f", "T%H:%M:%S.%f%Z", " %H:%M:%S %Z", " %H:%M:%S%Z"]
        for time in times {
            for sep in ["-", "/", ".", " "] {
                patterns.append("%Y\(sep)%m\(sep)%d\(time)")
                patterns.append("%d\(sep)%m\(sep)%Y\(time)")
                patterns.append("%d\(sep)%m\(sep)%y\(time)")
                // Dotted dates are day first wherever they are written (31.12.2024).
                if sep != "." {
                    patterns.append("%m\(sep)%d\(sep)%Y\(time)")
                    patterns.append("%m\(sep)%d\(sep)%y\(time)")
                }
            }
            patterns += ["%Y:%m:%d\(time)", "%Y.%m.%d.\(time)"]
            // A dot after the year (Satispay's `24 lug 2024. 02:59:45`) or the day (`3. Mär 2024`).
            patterns += ["%d %b %Y.\(time)", "%d. %b %Y\(time)"]
            patterns += ["%Y%m%d\(time)", "%d %b %Y\(time)", "%d-%b-%Y\(time)", "%d-%b-%y\(time)", "%d %b %y\(time)", "%b %d, %Y\(time)", "%b %d %Y\(time)"]
        }
        // OFX's date-times, written into some banks' CSV (`20091224120000[0:GMT]`).
        patterns += ["%Y%m%d%H%M%S%Z", "%Y%m%d%H%M%S.%f%Z"]
        return patterns.compactMap(DateFormat.init)
    }()

    /// A cheap test before trying patterns: digits, separators and at most a month name.
    static func mayBeDate(_ text: Substring) -> Bool {
        let count = text.utf8.count
        guard count >= 6, count <= 32, let first = text.utf8.first else { return false }
        let digits = text.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        return digits >= 4 && (first >= 0x30 && first <= 0x39 || (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A)
    }

    /// True when some candidate reads the text.
    static func isDate(_ text: String) -> Bool {
        let t = text.trimmed
        guard mayBeDate(t) else { return false }
        return candidates.contains { $0.parse(t) != nil }
    }

    enum Outcome {
        case decided(DateFormat, CSVSniff.Decision)
        case ambiguous(CSVSniff.Ambiguity, first: DateFormat)
        case unreadable(String, line: Int)
    }

    /// The one reading of every (line, text) value, or what stays open.
    ///
    /// - Complexity: O(values × candidates).
    static func decide(_ values: [(line: Int, text: String)], column: String) -> Outcome {
        let texts = values.map { (line: $0.line, text: $0.text.trimmed) }.filter { !$0.text.isEmpty }
        guard let sample = texts.first else { return .unreadable("the \(column) column is empty", line: values.first?.line ?? 1) }
        var survivors = candidates.filter { $0.parse(sample.text) != nil }
        var lastKiller: [String: (line: Int, text: Substring)] = [:]
        for value in texts.dropFirst() where survivors.count > 1 || survivors.first?.parse(value.text) == nil {
            let before = survivors
            survivors = survivors.filter { $0.parse(value.text) != nil }
            for f in before where !survivors.contains(f) { lastKiller[f.pattern] = value }
            if survivors.isEmpty {
                return .unreadable("'\(value.text)' (line \(value.line)) does not read with the format of '\(sample.text)' (line \(sample.line))", line: value.line)
            }
        }
        guard let first = survivors.first else { return .unreadable("cannot read '\(sample.text)' as a date", line: sample.line) }
        // Survivors that give the same dates for every value are one reading.
        var readings: [DateFormat] = [first]
        for f in survivors.dropFirst() where !readings.contains(where: { r in texts.allSatisfy { r.parse($0.text) == f.parse($0.text) } }) {
            readings.append(f)
        }
        if readings.count == 1 {
            let settled = candidates.filter { c in lastKiller[c.pattern] != nil && sameShape(c, first) }
            let proof = settled.compactMap { lastKiller[$0.pattern] }.first
            let reason =
                proof.map { "'\($0.text)' on line \($0.line) reads only as \(first.pattern)" }
                ?? "every value reads one way with \(first.pattern) (e.g. '\(sample.text)', line \(sample.line))"
            return .decided(first, .init("date format", first.pattern, because: "\(reason) (\(texts.count) dates)"))
        }
        let reason =
            "all \(texts.count) dates read as \(readings.map(\.pattern).joined(separator: " and as ")), e.g. '\(sample.text)' (line \(sample.line)); no day above 12 settles the order"
        return .ambiguous(.init("date format", candidates: readings.map { "date \(column) \($0.pattern)" }, because: reason), first: first)
    }

    /// Two patterns with the same separators and time part (a different order of day and month).
    private static func sameShape(_ a: DateFormat, _ b: DateFormat) -> Bool {
        a.pattern.filter { !"dmYy".contains($0) } == b.pattern.filter { !"dmYy".contains($0) }
    }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing white space.
    var trimmed: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = s.lastIndex(where: { !$0.isWhitespace })!
        return s[first...last]
    }
}
