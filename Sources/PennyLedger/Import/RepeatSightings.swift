import Foundation

/// Where a file's known-repeated bank ids were seen, in bounded memory, for
/// `RepeatedStatementGuard`: every sighting (id, line) is logged in order (`WordLog`), and
/// the ids of the statements before the current one are in a spilling set. The line of an
/// id's first sighting is looked up in the log only when the file is refused.
final class RepeatSightings {
    private let earlier = SpillingIDSet(near: NSTemporaryDirectory() + "/penny-sightings", logs: false)
    private var log = WordLog(near: NSTemporaryDirectory() + "/penny-sightings")
    /// The statement the last sightings were in, and where in the log they start.
    private var statement: Int?
    private var statementStart = 0

    /// An empty record.
    init() {}

    /// True once a scratch file could not be read.
    private var unread = false

    /// True once a scratch file failed: the answers are then not to be trusted.
    var failed: Bool { earlier.failed || log.failed || unread }

    /// The line where `key` was first seen, when that was in a statement before `ordinal`
    /// (statements are numbered in file order).
    func earlierLine(of key: UInt64, statement ordinal: Int) -> Int? {
        if statement != ordinal {
            closeStatement()
            statement = ordinal
        }
        guard earlier.contains(key) else { return nil }
        var line: Int?
        var isKey = true, matched = false
        let read = log.forEach(in: 0..<statementStart) { word in
            defer { isKey.toggle() }
            if isKey {
                matched = word == key
            } else if matched {
                line = Int(word)
                return false
            }
            return true
        }
        if !read { unread = true }
        return line
    }

    /// Records that `key` was seen at `line` of the current statement.
    func note(_ key: UInt64, line: Int) {
        log.append(key)
        log.append(UInt64(line))
    }

    /// Moves the current statement's ids to `earlier`.
    private func closeStatement() {
        var isKey = true
        let read = log.forEach(in: statementStart..<log.count) { word in
            if isKey { earlier.insert(word) }
            isKey.toggle()
            return true
        }
        if !read { unread = true }
        statementStart = log.count
    }
}
