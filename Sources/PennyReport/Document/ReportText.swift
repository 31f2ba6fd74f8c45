public import PennyCore

/// Words a report shows a person: an English template whose figures stay typed, so that a
/// writer can give the words in the reader's language and the figures in their format.
///
/// A string literal is a template (`"Balances as of \(date) (\(code))"` becomes
/// `Balances as of {0} ({1})` with a date and a text argument); the template is also the
/// key in `Locale/Translations/LANG.json`. Without a locale it reads exactly as the
/// English text with Penny's plain figures (ISO dates, `1234.56`).
public struct ReportText: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The English text with `{0}`, `{1}`... where the arguments go.
    public let template: String
    /// The figures and names filled in, in order.
    public let arguments: [ReportCell]

    /// A template and its arguments.
    public init(template: String, arguments: [ReportCell] = []) {
        self.template = template
        self.arguments = arguments
    }

    /// A literal without figures.
    public init(stringLiteral value: String) { self.init(template: value) }

    /// A literal with interpolated figures.
    public init(stringInterpolation: Interpolation) { self.init(template: stringInterpolation.template, arguments: stringInterpolation.arguments) }

    /// Text that is data, never translated: an account, a bucket label, a name.
    public static func verbatim(_ text: String) -> ReportText { ReportText(template: "{0}", arguments: [.text(text)]) }

    /// True when the template holds words to translate (not only data).
    public var isTranslatable: Bool { template.contains { $0.isLetter } }

    /// Builds a template from a literal with interpolations.
    public struct Interpolation: StringInterpolationProtocol {
        var template = ""
        var arguments: [ReportCell] = []

        /// Starts an empty template.
        public init(literalCapacity: Int, interpolationCount: Int) { template.reserveCapacity(literalCapacity + 3 * interpolationCount) }

        /// Words of the template.
        public mutating func appendLiteral(_ literal: String) { template += literal }
        /// A name or other text, shown as it is.
        public mutating func appendInterpolation(_ value: String) { add(.text(value)) }
        /// A number shown as it is.
        public mutating func appendInterpolation(_ value: Int) { add(.text(String(value))) }
        /// An amount, in the reader's number format.
        public mutating func appendInterpolation(_ value: Money) { add(.money(value)) }
        /// A date, in the reader's date format; `…` when there is none.
        public mutating func appendInterpolation(_ value: LocalDate?) { add(value.map { .date($0) } ?? .text("…")) }
        /// A percentage with its sign.
        public mutating func appendInterpolation(_ value: Percentage) { add(.percent(value)) }
        /// Translated words inside other words (`Categories by {0}` with `month`).
        public mutating func appendInterpolation(_ value: ReportText) { add(.label(value)) }

        private mutating func add(_ cell: ReportCell) {
            template += "{\(arguments.count)}"
            arguments.append(cell)
        }
    }

    /// The English text with plain figures: what a report shows without a locale.
    public var description: String { Self.fill(template, arguments) { TextReportWriter.cell($0) } }

    /// The text in `locale`'s language (English where a translation is missing) and formats.
    public func localized(_ locale: ReportLocale) -> String {
        Self.fill(locale.labels[template], arguments) { locale.cell($0) }
    }

    /// `template` with `{n}` replaced by the n-th argument as `format` writes it.
    static func fill(_ template: String, _ arguments: [ReportCell], _ format: (ReportCell) -> String) -> String {
        guard !arguments.isEmpty else { return template }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), let n = Int(rest[rest.index(after: open)..<close]), arguments.indices.contains(n) else {
                out += "{"
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += format(arguments[n])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

extension ReportText {
    /// In `locale`'s language and formats, or the plain English text when there is none.
    public func text(in locale: ReportLocale?) -> String { locale.map { localized($0) } ?? description }
}

extension ReportCell {
    /// As `locale` writes it in a table, or as a plain table does when there is none.
    public func text(in locale: ReportLocale?) -> String { locale.map { $0.cell(self) } ?? TextReportWriter.cell(self) }
}

extension ReportLocale {
    /// How a cell reads in a table in this locale: grouped numbers with the locale's
    /// decimal mark, short local dates, translated labels and yes/no.
    public func cell(_ cell: ReportCell) -> String {
        switch cell {
        case .text(let text): text
        case .label(let text): text.localized(self)
        case .money(let money): number(money)
        case .share(let share): share.formatted.replacingOccurrences(of: ".", with: decimalSeparator)
        case .percent(let percent): self.percent(percent)
        case .date(let date): shortDate(date)
        case .flag(let flag): labels[flag ? "yes" : "NO"]
        case .missing: "-"
        case .empty: ""
        }
    }
}

extension CategorySeries.Interval {
    /// `day`, `week`, `month`, `year`, as words a writer translates.
    public var word: ReportText { ReportText(template: rawValue) }
}

extension RecurringItem.Interval {
    /// `weekly`, `monthly`, `quarterly`, `yearly`, as words a writer translates.
    public var word: ReportText { ReportText(template: rawValue) }
}
