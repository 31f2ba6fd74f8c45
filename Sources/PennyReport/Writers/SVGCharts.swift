import PennyCore

/// Inline SVG charts for the HTML report: no script, no external file, readable without
/// colour (every chart sits beside a table with the same numbers).
///
/// Geometry uses floating point for pixels only; the figures themselves stay exact and are
/// written by the tables beside the charts.
enum SVGCharts {
    /// Colours for chart series, chosen to stay apart in light and dark mode.
    static let palette = ["#2f7ed8", "#e4572e", "#17a589", "#f2a541", "#8e44ad", "#c0392b", "#2ecc71", "#7f8c8d", "#d35400", "#1abc9c"]

    /// A donut of shares (hundredths of a percent each, adding up to about 10,000).
    static func donut(_ slices: [(label: String, hundredths: Int64)], title: String, id: String) -> String {
        var out = "<svg class=\"donut\" viewBox=\"0 0 42 42\" role=\"img\" aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(title))</title>"
        out += "<circle cx=\"21\" cy=\"21\" r=\"15.9155\" fill=\"none\" class=\"track\" stroke-width=\"6\"/>"
        var start = 0.0
        for (index, slice) in slices.enumerated() {
            let share = Double(slice.hundredths) / 100
            guard share > 0 else { continue }
            let offset = 25 - start
            out += "<circle cx=\"21\" cy=\"21\" r=\"15.9155\" fill=\"none\" stroke=\"\(palette[index % palette.count])\" stroke-width=\"6\" "
            out += "stroke-dasharray=\"\(fixed(share)) \(fixed(100 - share))\" stroke-dashoffset=\"\(fixed(offset))\"><title>\(HTML.escape(slice.label))</title></circle>"
            start += share
        }
        return out + "</svg>"
    }

    /// Two bars per group (income and expenses per month), scaled to the largest value.
    static func pairedBars(_ groups: [(label: String, first: Int64, second: Int64)], title: String, id: String) -> String {
        let width = 640.0, height = 220.0, bottom = 190.0, top = 10.0
        let largest = Double(max(1, groups.map { max($0.first, $0.second) }.max() ?? 1))
        let step = width / Double(max(1, groups.count))
        let bar = step * 0.35
        var out = "<svg class=\"bars\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTML.escape(title))</title>"
        out += "<line x1=\"0\" y1=\"\(bottom)\" x2=\"\(width)\" y2=\"\(bottom)\" class=\"axis\"/>"
        for (index, group) in groups.enumerated() {
            let x = Double(index) * step + step * 0.12
            for (offset, value, kind) in [(0.0, group.first, "income"), (bar, group.second, "expenses")] {
                let h = max(0, Double(value)) / largest * (bottom - top)
                out += "<rect class=\"\(kind)\" x=\"\(fixed(x + offset))\" y=\"\(fixed(bottom - h))\" width=\"\(fixed(bar))\" height=\"\(fixed(h))\"/>"
            }
            out += "<text x=\"\(fixed(x + bar))\" y=\"\(bottom + 16)\" text-anchor=\"middle\">\(HTML.escape(group.label))</text>"
        }
        return out + "</svg>"
    }

    /// Twelve small bars for one category's months (a sparkline), scaled to its largest month.
    static func sparkline(_ values: [Int64], title: String) -> String {
        let largest = Double(max(1, values.max() ?? 1))
        var out = "<svg class=\"spark\" viewBox=\"0 0 120 24\" role=\"img\"><title>\(HTML.escape(title))</title>"
        for (index, value) in values.enumerated() {
            let h = max(0, Double(value)) / largest * 22
            out += "<rect class=\"expenses\" x=\"\(index * 10 + 1)\" y=\"\(fixed(23 - h))\" width=\"8\" height=\"\(fixed(h))\"/>"
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
    /// A figure's cell: the amount as the locale writes it, the plain value in `data-value`
    /// (and `data-key` when given) so the page can be read back exactly.
    static func money(_ m: Money, locale: ReportLocale, key: String? = nil) -> String {
        let data = key.map { " data-key=\"\($0)\"" } ?? ""
        return "<td class=\"num\"\(data) data-value=\"\(m.decimalString)\">\(escape(locale.money(m)))</td>"
    }

    /// An account name escaped, with a line-break opportunity after each `:` so a narrow
    /// column breaks it between its parts, never inside a word.
    static func account(_ name: String) -> String {
        escape(name).replacingOccurrences(of: ":", with: ":<wbr/>")
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
