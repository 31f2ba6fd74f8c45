import Foundation
import Testing

/// `report cards`: statement cycles with due dates, amounts due and what a partial payment
/// leaves carried into the next cycle.
@Suite(.serialized) struct CardEndToEndTests {
    static let rules = """
        account assets:bank:checking
          id CHK-1
          opening 2024-04-30 2000.00

        account liabilities:card:visa
          id *9999
          type card
          closing-day 5
          due-day 15

        rule card-payment
          if account is assets:bank:checking
          if description contains "PAGAMENTO VISA"
          category liabilities:card:visa

        rule card-payment-received
          if account is liabilities:card:*
          if description contains "PAYMENT RECEIVED"
          category assets:bank:checking

        """

    @Test func aPartialPaymentIsCarried() throws {
        let w = try Workspace(copySamples: false)
        try FileManager.default.createDirectory(atPath: w.path("rules"), withIntermediateDirectories: true)
        try Self.rules.write(toFile: w.path("rules/main.rules"), atomically: true, encoding: .utf8)
        try TransferEndToEndTests.statement(
            "4111111111119999",
            [
                ("2024-05-02", "-120.00", "HOTEL"), ("2024-05-04", "-180.00", "AIRLINE"), ("2024-05-08", "15.00", "REFUND HOTEL MINIBAR"),
                ("2024-05-14", "100.00", "PAYMENT RECEIVED"), ("2024-05-20", "-50.00", "BOOKSHOP"), ("2024-06-10", "-5.00", "COFFEE"),
            ]
        ).write(toFile: w.path("card.json"), atomically: true, encoding: .utf8)
        try TransferEndToEndTests.statement("CHK-1", [("2024-05-13", "-100.00", "PAGAMENTO VISA")])
            .write(toFile: w.path("checking.json"), atomically: true, encoding: .utf8)
        #expect(try w.penny("import", "checking.json", "card.json").stdout.contains("1 transfer paired"))
        let table = try w.penny("report", "cards")
        #expect(
            table.stdout == """
                liabilities:card:visa (closing day 5, due day 15)

                Cycle                          Opening  Purchases  Refunds  Payments  Closing  Due         Amount due  Carried
                2024-05-02..2024-05-05            0.00    -300.00     0.00      0.00  -300.00  2024-05-15      300.00     0.00
                2024-05-06..2024-06-05         -300.00     -50.00    15.00    100.00  -235.00  2024-06-15      235.00   200.00
                2024-06-06..2024-07-05 (open)  -235.00      -5.00     0.00      0.00  -240.00  2024-07-15      240.00   235.00

                """)
        let json = try w.penny("report", "cards", "--format", "json").stdout
        #expect(
            json.contains(
                #"{"from": "2024-05-06", "to": "2024-06-05", "opening": "-300.00", "purchases": "-50.00", "refunds": "15.00", "payments": "100.00", "closing": "-235.00", "due_date": "2024-06-15", "amount_due": "235.00", "carried": "200.00", "open": false}"#
            ))
        let hledger = try #require(Workspace.tool("hledger"))
        #expect(try w.run(hledger, ["-f", "ledger.journal", "bal", "-N", "-O", "csv", "liabilities:card:visa"]).stdout.contains("\"-240.00 EUR\""))
    }
}
