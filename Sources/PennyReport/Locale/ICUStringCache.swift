import Foundation

/// What ICU says once per locale, kept: a currency's symbol, a date in a template. Making a
/// `NumberFormatter` or `DateFormatter` opens ICU's data each time (a site of 100k
/// transactions spent a quarter of its time there), while the answers never change. The
/// keys are few (currencies, the dates a report shows), so the cache is never trimmed.
final class ICUStringCache: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: [String: String] = [:]

    /// The string kept for `key`, else `make()`'s answer, kept.
    func string(_ key: String, make: () -> String) -> String {
        if let known = lock.withLock({ strings[key] }) { return known }
        let made = make()
        lock.withLock { strings[key] = made }
        return made
    }
}
