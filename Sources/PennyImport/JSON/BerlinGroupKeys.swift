/// The member names `BerlinGroupFormat` reads from each entry, made once a read (an
/// instance's members, not statics, so the entry loop reads them without a `swift_once`).
struct BerlinGroupKeys {
    let amount = JSONKey("amount")
    let currency = JSONKey("currency")
    let iban = JSONKey("iban")
    let transactionAmount = JSONKey("transactionAmount")
    let bookingDate = JSONKey("bookingDate")
    let valueDate = JSONKey("valueDate")
    let bookingDateTime = JSONKey("bookingDateTime")
    let valueDateTime = JSONKey("valueDateTime")
    let remittanceInformationUnstructured = JSONKey("remittanceInformationUnstructured")
    let remittanceInformationUnstructuredArray = JSONKey("remittanceInformationUnstructuredArray")
    let remittanceInformationStructured = JSONKey("remittanceInformationStructured")
    let creditorName = JSONKey("creditorName")
    let debtorName = JSONKey("debtorName")
    let creditorAccount = JSONKey("creditorAccount")
    let debtorAccount = JSONKey("debtorAccount")
    let additionalInformation = JSONKey("additionalInformation")
    let transactionId = JSONKey("transactionId")
    let internalTransactionId = JSONKey("internalTransactionId")
    let entryReference = JSONKey("entryReference")
    let proprietaryBankTransactionCode = JSONKey("proprietaryBankTransactionCode")
}
