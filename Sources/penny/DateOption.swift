import ArgumentParser
import PennyCore

/// A `--NAME YYYY-MM-DD` option read as a date; nil when it was not given.
func dateOption(_ text: String?, name: String) throws -> LocalDate? {
    guard let text else { return nil }
    guard let date = LocalDate(iso: text) else { throw PennyError.configuration("cannot read --\(name) '\(text)': expected YYYY-MM-DD") }
    return date
}
