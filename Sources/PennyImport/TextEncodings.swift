import Foundation
import PennyCore

/// Decoding whole small files (OFX, JSON) by a declared or guessed character set.
enum TextEncodings {
    /// The text of `bytes`: UTF-8 when declared so and valid (or undeclared and valid),
    /// Latin-1, Windows-1252 or Windows-1251 when declared so, else Windows-1252 (which every
    /// byte decodes in).
    /// Bytes a file declares as a single-byte encoding but that are valid UTF-8 holding
    /// multi-byte sequences were written as UTF-8 (a declared charset copied from a template):
    /// read as declared they would turn `TÍTULO` into `TÃ\u{8D}TULO`.
    static func isMislabelledUTF8(_ bytes: [UInt8], declared: CSVProfile.Encoding?) -> Bool {
        guard declared?.isSingleByte == true, bytes.contains(where: { $0 >= 0x80 }) else { return false }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    static func decode(_ bytes: [UInt8], declared: CSVProfile.Encoding?) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if isMislabelledUTF8(Array(body), declared: declared), let utf8 = String(validating: body, as: UTF8.self) { return utf8 }
        if let declared, declared.isSingleByte { return TextDecoder(encoding: declared).decode(body) ?? "" }
        if let utf8 = String(validating: body, as: UTF8.self) { return utf8 }
        return TextDecoder(encoding: .windows1252).decode(body) ?? ""
    }

    /// A charset name from a header (`1252`, `ISO-8859-1`, `UTF-8`, ...), nil when unknown.
    static func encoding(named name: String) -> CSVProfile.Encoding? {
        switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "UTF-8", "UTF8": .utf8
        case "1252", "WINDOWS-1252", "CP1252", "WIN-1252": .windows1252
        case "1251", "WINDOWS-1251", "CP1251", "WIN-1251": .windows1251
        case "8859-1", "ISO-8859-1", "ISO8859-1", "LATIN1", "LATIN-1", "ISO-8859-15": .latin1
        default: nil
        }
    }
}
