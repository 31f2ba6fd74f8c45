import PennyCore

/// Inline SVG charts for the HTML report: no script, no external file, readable without
/// colour (every chart sits beside a table with the same numbers).
///
/// Geometry uses floating point for pixels only; the figures themselves stay exact and are
/// written by the tables beside the charts.
enum SVGCharts {
    /// Colours for chart series (Tableau 10): neighbours differ in hue and lightness, in
    /// light and dark mode.
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#edc948", "#76b7b2", "#ff9da7", "#9c755f", "#bab0ac"]

    /// One slice of the donut: its label (the tooltip), share and the page it opens.
    struct Slice {
        /// Shown as the slice's tooltip.
        let label: String
        /// Hundredths of a percent.
        let hundredths: Int64
        /// The page the slice opens (nil: none).
        let link: String?
    }

    /// A donut of shares (hundredths of a percent each, adding up to about 10,000), with
    /// `centre` written in its hole (the total).
    static func donut(_ slices: [Slice], title: String, id: String, centre: String) -> String {
        var out = "<svg class=\"donut\" viewBox=\"0 0 42 42\" role=\"img\" aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(title))</title>"
        out += "<circle cx=\"21\" cy=\"21\" r=\"15.9155\" fill=\"none\" class=\"track\" stroke-width=\"6\"/>"
        var start = 0.0
        for (index, slice) in slices.enumerated() {
            let share = Double(slice.hundredths) / 100
            guard share > 0 else { continue }
            let offset = 25 - start
            var circle = "<circle cx=\"21\" cy=\"21\" r=\"15.9155\" fill=\"none\" stroke=\"\(palette[index % palette.count])\" stroke-width=\"6\" "
            circle += "stroke-dasharray=\"\(fixed(share)) \(fixed(100 - share))\" stroke-dashoffset=\"\(fixed(offset))\"><title>\(HTML.escape(slice.label))</title></circle>"
            out += slice.link.map { "<a href=\"\(HTML.escape($0))\">\(circle)</a>" } ?? circle
            start += share
        }
        out += "<text x=\"21\" y=\"22.4\" text-anchor=\"middle\" class=\"centre\">\(HTML.escape(centre))</text>"
        return out + "</svg>"
    }

    /// One group of the bar chart: a month's income and expenses.
    struct BarGroup {
        /// Written under the bars.
        let label: String
        /// The tooltip: the month and both figures, as the table writes them.
        let tooltip: String
        /// Income, minor units.
        let first: Int64
        /// Expenses, minor units.
        let second: Int64
        /// The page the group opens (nil: none).
        let link: String?
    }

    /// Two bars per group (income and expenses per month) on a value axis with gridlines;
    /// `tick` writes an axis value (minor units) as the locale does.
    static func pairedBars(_ groups: [BarGroup], title: String, id: String, tick: (Int64) -> String) -> String {
        bars(groups, series: { [($0.first, "income"), ($0.second, "expenses")] }, share: 0.35, widest: 36, title: title, id: id, tick: tick)
    }

    /// One bar per month (a category's totals) on a value axis with gridlines, each bar with
    /// a tooltip and, when given, a link; `tick` writes an axis value (minor units).
    static func monthBars(_ groups: [BarGroup], title: String, id: String, tick: (Int64) -> String) -> String {
        bars(groups, series: { [($0.first, "expenses")] }, share: 0.6, widest: 48, title: title, id: id, tick: tick)
    }

    /// The bar chart both draw: per group the bars `series` gives (a value and its class),
    /// side by side, each `share` of the group's slot wide (at most `widest`), under one
    /// tooltip and link, on `ChartAxis`'s ticks and gridlines.
    private static func bars(
        _ groups: [BarGroup], series: (BarGroup) -> [(value: Int64, kind: String)], share: Double, widest: Double, title: String, id: String,
        tick: (Int64) -> String
    ) -> String {
        let width = 640.0, height = 236.0, bottom = 200.0, top = 12.0, left = 78.0
        let axis = ChartAxis(largest: groups.flatMap { series($0).map(\.value) }.max() ?? 0)
        let step = (width - left) / Double(max(1, groups.count))
        let bar = min(step * share, widest)
        var out = "<svg class=\"bars\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(title))</title>"
        for value in axis.ticks {
            let y = bottom - Double(value) / Double(axis.top) * (bottom - top)
            out += "<line x1=\"\(Int(left))\" y1=\"\(fixed(y))\" x2=\"\(Int(width))\" y2=\"\(fixed(y))\" class=\"\(value == 0 ? "axis" : "grid")\"/>"
            out += "<text x=\"\(Int(left) - 6)\" y=\"\(fixed(y + 4))\" text-anchor=\"end\">\(HTML.escape(tick(value)))</text>"
        }
        for (index, group) in groups.enumerated() {
            let values = series(group)
            let span = bar * Double(values.count)
            let x = left + Double(index) * step + (step - span) / 2
            var shape = "<title>\(HTML.escape(group.tooltip))</title>"
            for (offset, entry) in values.enumerated() {
                let h = max(0, Double(entry.value)) / Double(axis.top) * (bottom - top)
                shape += "<rect class=\"\(entry.kind)\" x=\"\(fixed(x + Double(offset) * bar))\" y=\"\(fixed(bottom - h))\" width=\"\(fixed(bar))\" height=\"\(fixed(h))\"/>"
            }
            shape += "<text x=\"\(fixed(x + span / 2))\" y=\"\(bottom + 22)\" text-anchor=\"middle\">\(HTML.escape(group.label))</text>"
            out += group.link.map { "<a href=\"\(HTML.escape($0))\">\(shape)</a>" } ?? "<g>\(shape)</g>"
        }
        return out + "</svg>"
    }

    /// Small bars for one category's months (a sparkline), scaled to its largest month.
    static func sparkline(_ values: [Int64], title: String) -> String {
        let largest = Double(max(1, values.max() ?? 1))
        let slot = 120 / Double(max(1, values.count))
        var out = "<svg class=\"spark\" viewBox=\"0 0 120 24\" preserveAspectRatio=\"none\" role=\"img\"><title>\(HTML.escape(title))</title>"
        for (index, value) in values.enumerated() {
            let h = max(0, Double(value)) / largest * 22
            out += "<rect class=\"expenses\" x=\"\(fixed(Double(index) * slot + slot * 0.1))\" y=\"\(fixed(23 - h))\" width=\"\(fixed(slot * 0.8))\" height=\"\(fixed(h))\"/>"
        }
        return out + "</svg>"
    }

    /// A horizontal gauge: `part` of `whole`, marked over when it exceeds it.
    static func gauge(part: Int64, whole: Int64, title: String) -> String {
        let ratio = whole > 0 ? min(1, max(0, Double(part) / Double(whole))) : 1
        let over = part > whole
        return "<svg class=\"gauge\" viewBox=\"0 0 200 14\" role=\"img\"><title>\(HTML.escape(title))</title>"
            + "<rect class=\"track\" x=\"0\" y=\"2\" width=\"200\" height=\"10\" rx=\"5\"/>"
            + "<rect class=\"\(over ? "over" : "fill")\" x=\"0\" y=\"2\" width=\"\(fixed(200 * ratio))\" height=\"10\" rx=\"5\"/></svg>"
    }

    private static func fixed(_ value: Double) -> String {
        let scaled = (value * 1000).rounded() / 1000
        return scaled == scaled.rounded() ? String(Int(scaled)) : String(scaled)
    }
}

/// Escaping for HTML text and attribute values, and the page around a report.
enum HTML {
    /// A self-contained page: the recap's style (light/dark, A4), `body` as given.
    static func page(title: String, language: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="color-scheme" content="light dark"/>
        <title>\(escape(title))</title>
        <style>\(HTMLRecapWriter.style)</style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// `&`, `<`, `>`, `"` and `'` as entities.
    /// A figure's cell: the amount as the locale writes it (a link to what it sums when
    /// given), the plain value in `data-value` (and `data-key` when given) so the page can be
    /// read back exactly.
    static func money(_ m: Money, locale: ReportLocale, key: String? = nil, link: String? = nil) -> String {
        let data = key.map { " data-key=\"\($0)\"" } ?? ""
        let text = link.map { "<a href=\"\(escape($0))\">\(escape(locale.money(m)))</a>" } ?? escape(locale.money(m))
        return "<td class=\"num\"\(data) data-value=\"\(m.decimalString)\">\(text)</td>"
    }

    /// An account name escaped, with a line-break opportunity after each `:` so a narrow
    /// column breaks it between its parts, never inside a word.
    static func account(_ name: String) -> String {
        escape(name).replacingOccurrences(of: ":", with: ":<wbr/>")
    }

    /// A ledger name as a page shows it: its label with the ledger name as the tooltip,
    /// else the name with line-break opportunities (`account`).
    static func name(_ ledgerName: String, locale: ReportLocale) -> String {
        guard let label = locale.names[ledgerName] else { return account(ledgerName) }
        return "<span title=\"\(escape(ledgerName))\">\(escape(label))</span>"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
