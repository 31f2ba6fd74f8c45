import PennyCore
import PennyRules
import Testing

/// `penny add`'s few words, in five languages.
struct QuickEntryTests {
    static let rules = """
        default currency EUR
        account assets:cash
          type cash
          alias carteira, wallet
        account liabilities:card:visa
          id *4321
        account assets:bank:checking
          alias conta

        """
    /// A Wednesday.
    static let today = LocalDate(year: 2024, month: 3, day: 13)!

    func read(_ text: String) throws -> QuickEntry {
        try QuickEntry.read([text], rules: try RulesLoader.load(text: Self.rules), today: Self.today)
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch let error as PennyError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        ("café 2,30 ontem", "2024-03-12"), ("cafe 2,30 ayer", "2024-03-12"), ("cafè 2,30 ahir", "2024-03-12"), ("caffè 2,30 ieri", "2024-03-12"),
        ("coffee 2.30 yesterday", "2024-03-12"), ("café 2,30 hoje", "2024-03-13"), ("café 2,30 segunda", "2024-03-11"), ("café 2,30 lunes", "2024-03-11"),
        ("café 2,30 dilluns", "2024-03-11"), ("caffè 2,30 lunedì", "2024-03-11"), ("coffee 2.30 monday", "2024-03-11"), ("café 2,30 quarta", "2024-03-13"),
        ("café 2,30 sábado", "2024-03-09"), ("café 2,30 9/3", "2024-03-09"), ("café 2,30 09-03-2024", "2024-03-09"), ("café 2,30 2024-03-09", "2024-03-09"),
        ("café 2,30 20/12", "2023-12-20"), ("café 2,30", "2024-03-13"),
    ])
    func dates(text: String, expected: String) throws {
        #expect(try read(text).date.description == expected)
    }

    @Test func amountsAccountsAndIncome() throws {
        let coffee = try read("café 2,30 ontem")
        #expect(coffee.amount.minorUnits == -230 && coffee.account == "assets:cash" && coffee.description == "café")
        let uber = try read("uber 12.90 visa")
        #expect(uber.amount.minorUnits == -1290 && uber.account == "liabilities:card:visa" && uber.description == "uber")
        let ana = try read("recebi 50 da Ana")
        #expect(ana.amount.minorUnits == 5000 && ana.description == "Ana")
        #expect(try read("+20 reembolso conta").amount.minorUnits == 2000)
        #expect(try read("+20 reembolso conta").account == "assets:bank:checking")
        #expect(try read("jantar 1.234,56 carteira").amount.minorUnits == -123_456)
        #expect(try read("dinner 1,234.56 wallet").amount.minorUnits == -123_456)
        #expect(try read("cobré 30 alquiler").amount.minorUnits == 3000)
        #expect(try read("ricevuto 15 regalo").amount.minorUnits == 1500)
    }

    /// Issue 32: `lunch 9.80 on friday wallet` was described as "lunch on". A word that only
    /// links the date or account after it goes with them.
    @Test(arguments: [
        ("lunch 9.80 on friday wallet", "lunch"), ("almoço 9,80 na sexta carteira", "almoço"), ("taxi 12 with visa", "taxi"),
        ("jantar 25 com a Ana", "jantar com a Ana"), ("comida 9,80 em dinheiro", "comida em dinheiro"),
    ])
    func linkingWordsGoWithTheDateOrAccount(text: String, description: String) throws {
        #expect(try read(text).description == description)
    }

    @Test(arguments: [
        ("café ontem", "cannot find an amount in 'café ontem': write it like 2,30 or 2.30"),
        ("café 2,30 5", "two amounts, '2,30' and '5': write one"),
        ("café 2,30 31/02", "cannot read the date '31/02': write it like 9/3, 09-03-2024 or 2024-03-09, or a word like ontem or yesterday"),
        ("ontem 2,30", "what was it? add a word or two, like: café 2,30"),
        ("café 2,3,0", "cannot read the amount '2,3,0': more than one decimal mark in amount"),
    ])
    func refusals(text: String, message: String) {
        #expect(refusal(text) == message)
    }

    @Test func withoutACashAccountTheAccountMustBeNamed() throws {
        let rules = try RulesLoader.load(text: "account assets:bank:checking\n")
        #expect(throws: PennyError.self) { try QuickEntry.read(["café 2,30"], rules: rules, today: Self.today) }
        #expect(try QuickEntry.read(["café 2,30 checking"], rules: rules, today: Self.today).account == "assets:bank:checking")
    }
}
