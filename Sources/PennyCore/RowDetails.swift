/// A plain row's statement details beyond its description — a CSV's payee, memo,
/// counterparty, IBAN, type and bank id columns — lent like its description: each trimmed, clean
/// (`PlainRow.isClean`) and at most `PlainRow.maximumDescriptionBytes` long, so each equals
/// the `Transaction`'s field byte for byte. An empty field is one the row does not have
/// (the `Transaction`'s nil).
public struct RowDetails {
    /// The payee the bank names.
    public var payee: UnsafeBufferPointer<UInt8>
    /// A free-text memo.
    public var memo: UnsafeBufferPointer<UInt8>
    /// The other party's name.
    public var counterparty: UnsafeBufferPointer<UInt8>
    /// The other party's IBAN.
    public var iban: UnsafeBufferPointer<UInt8>
    /// The bank's transaction type.
    public var type: UnsafeBufferPointer<UInt8>
    /// The bank's own id for the transaction.
    public var bankID: UnsafeBufferPointer<UInt8>

    /// Lends the details that follow each other in `bytes` with `lengths`.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, lengths: RowDetailLengths) {
        var at = 0
        func next(_ length: UInt16) -> UnsafeBufferPointer<UInt8> {
            defer { at += Int(length) }
            return UnsafeBufferPointer(rebasing: bytes[at..<at + Int(length)])
        }
        payee = next(lengths.payee)
        memo = next(lengths.memo)
        counterparty = next(lengths.counterparty)
        iban = next(lengths.iban)
        type = next(lengths.type)
        bankID = next(lengths.bankID)
    }

    /// A field as a `Transaction` holds it: nil when the row has none.
    public static func text(_ field: UnsafeBufferPointer<UInt8>) -> String? {
        field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }
}

/// The byte lengths of a row's details (`RowDetails`), which follow its description in a
/// run's text in the order payee, memo, counterparty, IBAN, type, bank id; all zero for a
/// row with none (`PlainRows.Item.details`).
public struct RowDetailLengths: Sendable, Equatable {
    /// The payee's length.
    public let payee: UInt16
    /// The memo's length.
    public let memo: UInt16
    /// The counterparty's length.
    public let counterparty: UInt16
    /// The IBAN's length.
    public let iban: UInt16
    /// The type's length.
    public let type: UInt16
    /// The bank id's length.
    public let bankID: UInt16
    /// The details' bytes in all (kept, so that a row without any is told in one compare).
    private let sum: UInt32

    /// No details.
    public static let none = RowDetailLengths(payee: 0, memo: 0, counterparty: 0, iban: 0, type: 0, bankID: 0)

    /// The given lengths.
    public init(payee: UInt16, memo: UInt16, counterparty: UInt16, iban: UInt16, type: UInt16, bankID: UInt16) {
        (self.payee, self.memo, self.counterparty, self.iban, self.type, self.bankID) = (payee, memo, counterparty, iban, type, bankID)
        sum = UInt32(payee) + UInt32(memo) + UInt32(counterparty) + UInt32(iban) + UInt32(type) + UInt32(bankID)
    }

    /// True when the row has no details.
    public var isEmpty: Bool { sum == 0 }

    /// The details' bytes in all.
    public var total: Int { Int(sum) }
}
