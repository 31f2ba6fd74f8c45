/// Month names as banks write them in dates (`14 august 2021`, `12-lug-2024`, `3 déc. 2023`,
/// `5. Mär 2024`): full names in en, pt, es, ca, it, fr, de, nl, ro, sv, da, no, pl-free
/// spellings, and any prefix of three letters or more that names one month in every
/// language it occurs in (`jui` is June in French and July too, so it names none).
public enum MonthNames {
    /// Full names per month, folded (no case, no accents).
    static let full: [[String]] = [
        ["january", "janeiro", "enero", "gener", "gennaio", "janvier", "januar", "januari", "ianuarie", "januaari"],
        ["february", "fevereiro", "febrero", "febrer", "febbraio", "fevrier", "februar", "februari", "februarie", "veebruar"],
        ["march", "marco", "marzo", "marc", "mars", "marz", "maerz", "maart", "martie", "marts"],
        ["april", "abril", "aprile", "avril", "aprilie", "aprill"],
        ["may", "maio", "mayo", "maig", "maggio", "mai", "mei", "maj"],
        ["june", "junho", "junio", "juny", "giugno", "juin", "juni", "iunie", "juuni"],
        ["july", "julho", "julio", "juliol", "luglio", "juillet", "juli", "iulie", "juuli"],
        ["august", "agosto", "agost", "aout", "augustus", "aug"],
        ["september", "setembro", "septiembre", "setembre", "settembre", "septembre", "septembrie", "sept"],
        ["october", "outubro", "octubre", "ottobre", "octobre", "oktober", "octombrie"],
        ["november", "novembro", "noviembre", "novembre", "noiembrie"],
        ["december", "dezembro", "diciembre", "desembre", "dicembre", "decembre", "dezember", "decembrie", "desember", "detsember"],
    ]

    /// Abbreviations that are not a prefix of a full name.
    static let abbreviations: [String: Int] = ["mrt": 3, "mae": 3, "okt": 10, "dez": 12]

    /// Every name and unambiguous prefix (three letters or more), to its month (1–12).
    static let lookup: [String: Int] = {
        var months: [String: Set<Int>] = [:]
        for (m, names) in full.enumerated() {
            for name in names {
                for length in 3...max(3, name.count) where length <= name.count {
                    months[String(name.prefix(length)), default: []].insert(m + 1)
                }
            }
        }
        var lookup = months.compactMapValues { $0.count == 1 ? $0.first : nil }
        lookup.merge(abbreviations) { current, _ in current }
        return lookup
    }()

    /// The month a word names (UTF-8 letters, any case and accents), or nil.
    public static func month(_ letters: [UInt8]) -> Int? {
        guard letters.count >= 3 else { return nil }
        let word: String
        if letters.allSatisfy({ $0 < 0x80 }) {
            word = String(decoding: letters.map { $0 | 0x20 }, as: UTF8.self)
        } else {
            word = TextKey.fold(String(decoding: letters, as: UTF8.self))
        }
        return lookup[word]
    }
}
