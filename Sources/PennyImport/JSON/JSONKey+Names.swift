/// The member names Penny's and Plaid's formats read from each entry, made once.
extension JSONKey {
    static let amount = JSONKey("amount")
    static let currency = JSONKey("currency")
    static let date = JSONKey("date")
    static let description = JSONKey("description")
    static let payee = JSONKey("payee")
    static let memo = JSONKey("memo")
    static let id = JSONKey("id")
    static let pending = JSONKey("pending")
    static let accountID = JSONKey("account_id")
    static let isoCurrencyCode = JSONKey("iso_currency_code")
    static let unofficialCurrencyCode = JSONKey("unofficial_currency_code")
    static let name = JSONKey("name")
    static let authorizedDate = JSONKey("authorized_date")
    static let merchantName = JSONKey("merchant_name")
    static let transactionID = JSONKey("transaction_id")
    static let paymentChannel = JSONKey("payment_channel")
}
