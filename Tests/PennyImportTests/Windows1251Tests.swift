import Foundation
import PennyCore
import Testing

@testable import PennyImport

/// Windows-1251 (cp1251): Penny's table against the toolchain's decoder, a CSV read with a
/// declared profile, and the charset names of OFX headers.
struct Windows1251Tests {
    @Test(arguments: [(CSVProfile.Encoding.windows1251, String.Encoding.windowsCP1251), (.windows1252, .windowsCP1252)])
    func everyHighByteDecodesAsFoundationDecodesIt(encoding: CSVProfile.Encoding, foundation: String.Encoding) {
        for byte in UInt8(0x80)...0xFF {
            // A byte the code page leaves undefined (0x81 in 1252) is its C1 control in Penny.
            let expected = String(data: Data([byte]), encoding: foundation) ?? String(Unicode.Scalar(byte))
            #expect(TextDecoder(encoding: encoding).decode([byte]) == expected, "byte 0x\(String(byte, radix: 16))")
        }
    }

    @Test func aDeclaredProfileReadsCyrillicDescriptions() throws {
        let p = profile(
            delimiter: ";", encoding: .windows1251, dateFormat: "%d.%m.%Y", description: [.header("Описание")], amount: .signed(.header("Сумма")),
            decimalMark: ",")
        let t = try readFixture("cp1251-statement.csv", p)
        #expect(t.map(\.description) == ["Перевод от Иванова И.И.", "Оплата в магазине «Пятёрочка»", "Комиссия за обслуживание карты"])
        #expect(t.total == 1_366_644)
        #expect(t.map(\.date.description) == ["2024-02-03", "2024-02-05", "2024-02-15"])
    }

    @Test func theSameFileAsWindows1252IsMojibake() throws {
        // The encoding is what makes the difference: the bytes are the same.
        let p = profile(delimiter: ";", encoding: .windows1252, dateFormat: "%d.%m.%Y", description: [.index(2)], amount: .signed(.index(3)), decimalMark: ",")
        let t = try readFixture("cp1251-statement.csv", p)
        #expect(t.first?.description == "Ïåðåâîä îò Èâàíîâà È.È.")
    }

    @Test(arguments: ["1251", "windows-1251", "CP1251", "win_1251"])
    func charsetNames(name: String) {
        #expect(TextEncodings.encoding(named: name) == .windows1251)
    }

    @Test func anOFXHeaderDeclaringWindows1251() throws {
        var bytes = Array("OFXHEADER:100\nCHARSET:1251\n\n<NAME>".utf8)
        bytes += try #require("Перевод".data(using: .windowsCP1251))
        let declared = OFXReader.declaredEncoding(bytes)
        #expect(declared == .windows1251)
        #expect(TextEncodings.decode(bytes, declared: declared).hasSuffix("<NAME>Перевод"))
    }
}
