/// The CAMT element names the reader matches, by their local names; every other element
/// is `other`. The parser's path is a list of these, so matching an element is comparing
/// small values instead of strings.
enum CAMTTag: UInt8, CaseIterable {
    case other
    case acct
    case acctSvcrRef
    case addtlNtryInf
    case addtlTxInf
    case amt
    case amtDtls
    case bal
    case bban
    case bookgDt
    case ccy
    case ccyXchg
    case cd
    case cdOrPrtry
    case cdtDbtInd
    case cdtr
    case cdtrAcct
    case dbtr
    case dbtrAcct
    case dt
    case dtTm
    case iban
    case id
    case instdAmt
    case nm
    case ntfctn
    case ntry
    case othr
    case prtry
    case prtryAcct
    case refs
    case rltdPties
    case rmtInf
    case rpt
    case rvslInd
    case stmt
    case sts
    case tp
    case txAmt
    case txDtls
    case upic
    case ustrd
    case valDt
    case xchgRate

    /// The element's local name (`other`'s is empty: no element has it).
    var xmlName: String {
        switch self {
        case .other: ""
        case .acct: "Acct"
        case .acctSvcrRef: "AcctSvcrRef"
        case .addtlNtryInf: "AddtlNtryInf"
        case .addtlTxInf: "AddtlTxInf"
        case .amt: "Amt"
        case .amtDtls: "AmtDtls"
        case .bal: "Bal"
        case .bban: "BBAN"
        case .bookgDt: "BookgDt"
        case .ccy: "Ccy"
        case .ccyXchg: "CcyXchg"
        case .cd: "Cd"
        case .cdOrPrtry: "CdOrPrtry"
        case .cdtDbtInd: "CdtDbtInd"
        case .cdtr: "Cdtr"
        case .cdtrAcct: "CdtrAcct"
        case .dbtr: "Dbtr"
        case .dbtrAcct: "DbtrAcct"
        case .dt: "Dt"
        case .dtTm: "DtTm"
        case .iban: "IBAN"
        case .id: "Id"
        case .instdAmt: "InstdAmt"
        case .nm: "Nm"
        case .ntfctn: "Ntfctn"
        case .ntry: "Ntry"
        case .othr: "Othr"
        case .prtry: "Prtry"
        case .prtryAcct: "PrtryAcct"
        case .refs: "Refs"
        case .rltdPties: "RltdPties"
        case .rmtInf: "RmtInf"
        case .rpt: "Rpt"
        case .rvslInd: "RvslInd"
        case .stmt: "Stmt"
        case .sts: "Sts"
        case .tp: "Tp"
        case .txAmt: "TxAmt"
        case .txDtls: "TxDtls"
        case .upic: "UPIC"
        case .ustrd: "Ustrd"
        case .valDt: "ValDt"
        case .xchgRate: "XchgRate"
        }
    }

    /// The names an `XMLStream` is given: index `i` is the tag whose `rawValue` is `i`.
    static let names = allCases.map(\.xmlName)

    /// The tag for an `XMLStream` name index (-1: not one of `names`).
    init(streamIndex index: Int) {
        self = index < 0 ? .other : CAMTTag(rawValue: UInt8(truncatingIfNeeded: index)) ?? .other
    }
}
