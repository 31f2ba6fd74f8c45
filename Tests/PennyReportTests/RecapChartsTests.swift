import PennyCore
import Testing

@testable import PennyReport

/// The recap's figures and charts as issue 28 asked: no empty months leading the chart, an
/// average of the months before the period only, a value axis, payees grouped, a donut with
/// its total and links.
struct RecapChartsTests {
    @Test(arguments: [
        (Int64(0), Int64(1), [Int64(0)]), (503_781, 600_000, [0, 200_000, 400_000, 600_000]), (1_000, 1_000, [0, 250, 500, 750, 1_000]),
        (999, 1_000, [0, 250, 500, 750, 1_000]), (7, 8, [0, 2, 4, 6, 8]), (12_345_678, 15_000_000, [0, 5_000_000, 10_000_000, 15_000_000]),
    ])
    func theAxisEndsAtARoundNumberAboveTheLargestValue(largest: Int64, top: Int64, ticks: [Int64]) {
        let axis = ChartAxis(largest: largest)
        #expect(axis.top == top)
        #expect(axis.ticks == ticks)
        #expect(axis.top >= largest)
    }

    @Test func theChartStartsAtTheFirstMonthWithMoney() {
        // 16 slots: 12 before the period, then four months; money from slot 13 on.
        var seen = [Bool](repeating: false, count: 16)
        seen[13] = true
        seen[15] = true
        #expect(RecapBuilder.shownSlots(seen, periodSlot: 15) == [13, 14, 15])
        // Nothing at all: the period's own month is still shown.
        #expect(RecapBuilder.shownSlots([Bool](repeating: false, count: 13), periodSlot: 12) == [12])
        // Money in every month: the last 12.
        #expect(RecapBuilder.shownSlots([Bool](repeating: true, count: 13), periodSlot: 12) == Array(1...12))
    }

    @Test func theAverageIsOfTheMonthsBeforeThePeriodThatHaveMoney() throws {
        func flows(_ months: [(income: Int64, expenses: Int64, seen: Bool)]) -> [MonthFlow] {
            months.map { month in
                var flow = MonthFlow()
                (flow.income, flow.expenses, flow.seen) = month
                return flow
            }
        }
        let none = try RecapBuilder.average(flows([(0, 0, false), (0, 0, false)])[...], currency: .euro, ledgerPath: "l")
        #expect(none == nil)
        let months = flows([(0, 0, false), (503_781, 173_661, true), (245_000, 131_071, true), (245_000, 126_992, true)])
        let average = try #require(try RecapBuilder.average(months[...], currency: .euro, ledgerPath: "l"))
        #expect(average.income.decimalString == "3312.60")
        #expect(average.expenses.decimalString == "1439.08")
    }

    @Test func aPayeeIsNamedByWhatItsDescriptionsShare() {
        #expect(RecapBuilder.shownName("\"RENDA, MARÇO\" SR. JOÃO") == "RENDA, MARÇO SR. JOÃO")
        #expect(RecapBuilder.shownName("Kaffeebar Mitte | KAFFEEBAR MITTE BERLIN") == "Kaffeebar Mitte")
        #expect(RecapBuilder.commonName("SPOTIFY P1234567", "SPOTIFY P2A3B4") == "SPOTIFY")
        #expect(RecapBuilder.commonName("WORTEN – AMADORA", "WORTEN – LISBOA") == "WORTEN")
        #expect(RecapBuilder.commonName("CAFÉ NICOLA", "CAFÉ NICOLA") == "CAFÉ NICOLA")
        #expect(RecapBuilder.commonName("LIDL IRELAND", "TESCO") == "LIDL IRELAND")
    }

    @Test func theDonutWritesItsTotalAndLinksItsSlices() {
        let svg = SVGCharts.donut(
            [.init(label: "expenses:food: €10.00", hundredths: 2_500, link: "category-expenses-food.html"), .init(label: "expenses:x", hundredths: 7_500, link: nil)],
            title: "Spending", id: "d", centre: "€40.00")
        #expect(svg.contains("<a href=\"category-expenses-food.html\"><circle"))
        #expect(svg.contains("<text x=\"21\" y=\"22.4\" text-anchor=\"middle\" class=\"centre\">€40.00</text>"))
        #expect(svg.components(separatedBy: "<a href").count == 2)
        // Neighbouring slices never share a colour.
        #expect(Set(SVGCharts.palette).count == SVGCharts.palette.count)
    }

    @Test func theBarsHaveAValueAxisTooltipsAndLinks() {
        let svg = SVGCharts.pairedBars(
            [.init(label: "Mar", tooltip: "March 2024: €50.00, €30.00", first: 5_000, second: 3_000, link: "month-2024-03.html")], title: "Months", id: "b"
        ) { String($0 / 100) }
        for tick in ["0", "20", "40", "60"] { #expect(svg.contains(">\(tick)</text>"), "\(tick)") }
        #expect(svg.contains("class=\"grid\""))
        #expect(svg.contains("<a href=\"month-2024-03.html\"><title>March 2024: €50.00, €30.00</title>"))
    }
}
