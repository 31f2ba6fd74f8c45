import Foundation
import Testing

@testable import PennyCore

/// Dates read by position give what the token-by-token reading gives, and the layout is
/// only made for patterns of fixed-width numbers and separators.
struct FixedDateLayoutTests {
    static let fixedPatterns = ["%d-%m-%Y", "%Y-%m-%d", "%d/%m/%Y", "%m/%d/%y", "%d.%m.%Y", "%Y%m%d", "%d%m%y", "%Y/%d/%m", "%e-%m-%Y", "%Y-%m-%d//", "%Y%m%d%%"]

    @Test func positionsAgreeWithTokensOnRandomFields() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789-/. %:a".utf8) + [0x2F, 0xC3]
        var readByLayout = 0
        for pattern in Self.fixedPatterns {
            let format = try #require(DateFormat(pattern))
            for _ in 0..<20_000 {
                // Mostly a date as the pattern writes it (some that do not exist), sometimes a
                // byte or the length changed too.
                let year = Int.random(in: 1969...2068, using: &generator)
                let month = Int.random(in: 0...13, using: &generator), day = Int.random(in: 0...32, using: &generator)
                var bytes = Array(Self.write(pattern, year: year, month: month, day: day).utf8)
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = alphabet.randomElement(using: &generator)!
                }
                if Int.random(in: 0..<8, using: &generator) == 0 { bytes.removeLast(Int.random(in: 1...3, using: &generator)) }
                if Int.random(in: 0..<8, using: &generator) == 0 { bytes.append(alphabet.randomElement(using: &generator)!) }
                bytes.withUnsafeBufferPointer { buffer in
                    let parsed = format.parse(utf8: buffer)
                    if parsed != nil, format.scan(utf8: buffer) != nil { readByLayout += 1 }
                    #expect(parsed == format.scan(utf8: buffer), "\(pattern) \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        #expect(readByLayout > 20_000)
    }

    /// A date written in `pattern` (numbers padded to 2 digits).
    static func write(_ pattern: String, year: Int, month: Int, day: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let parts = [("%d", two(day)), ("%e", two(day)), ("%m", two(month)), ("%Y", "\(year)"), ("%y", two(year % 100))]
        return parts.reduce(pattern) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    @Test func aShortFieldStillReadsByTokens() throws {
        let format = try #require(DateFormat("%d-%m-%Y"))
        #expect(format.parse("9-4-2024")?.description == "2024-04-09")
        #expect(format.parse(" 09-04-2024 ")?.description == "2024-04-09")
    }

    @Test(arguments: ["29-02-2024", "31-12-1999", "01-01-0001"])
    func aValidDateReadsByPosition(_ text: String) throws {
        let format = try #require(DateFormat("%d-%m-%Y"))
        let bytes = Array(text.utf8)
        let read = try #require(bytes.withUnsafeBufferPointer { format.parse(utf8: $0) })
        #expect(read.description == "\(text.suffix(4))-\(text.dropFirst(3).prefix(2))-\(text.prefix(2))")
    }

    @Test(arguments: ["29-02-2023", "00-01-2024", "31-04-2024", "9-4-2024x", "15-07-2024-"])
    func anImpossibleDateIsRefusedByPositionAsByTokens(_ text: String) throws {
        let format = try #require(DateFormat("%d-%m-%Y"))
        #expect(format.parse(text) == nil)
    }

    @Test func onlyFixedNumbersAndSeparatorsMakeALayout() {
        #expect(FixedDateLayout([.day, .literal(0x2D), .month, .literal(0x2D), .year(digits: 4)]) != nil)
        #expect(FixedDateLayout([.day, .literal(0x20), .month, .literal(0x20), .year(digits: 4)]) == nil)
        #expect(FixedDateLayout([.day, .literal(0x31), .month, .year(digits: 4)]) == nil)
        #expect(FixedDateLayout([.day, .month]) == nil)
        #expect(FixedDateLayout([.day, .day, .month, .year(digits: 2)]) == nil)
    }
}
