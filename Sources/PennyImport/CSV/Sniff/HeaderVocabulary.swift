import PennyCore

/// What a column holds, as the sniffer names it.
enum ColumnRole: String, CaseIterable {
    case date = "booking date"
    case valueDate = "value date"
    case description
    case payee
    case amount
    case debit
    case credit
    case indicator
    case balance
    case currency
    case id = "reference"
    case type
    case status
    case memo
    case iban = "counterparty iban"
    case ownAccount = "own account"
}

/// Header words for each role in en, pt, es, ca, it, fr, de and nl, folded (no case, no
/// accents, punctuation as spaces, a trailing currency code or symbol removed).
///
/// An exact header scores 3; a header that contains a one-word name as a word scores 1,
/// unless a qualifier (original, initial, final…) says it is some other figure.
enum HeaderVocabulary {
    static let words: [ColumnRole: [String]] = [
        .date: [
            "date", "booking date", "posting date", "posted date", "transaction date", "trans date", "txn date", "completed date", "date posted",
            "data", "data mov", "data movimento", "data do movimento", "data lancamento", "data de lancamento", "data operacao", "data da operacao",
            "data transacao", "fecha", "fecha operacion", "fecha de operacion", "fecha contable", "f operacion", "fecha movimiento",
            "data operacio", "data moviment", "data operazione", "data contabile", "data registrazione", "date operation", "date de l operation",
            "date comptable", "date de comptabilisation", "datum", "buchung", "buchungstag", "buchungsdatum", "boekdatum", "transactiedatum",
            "datum boeking", "umsatzdatum",

            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "data operacijos", "operacijos data", "datums", "kuupaev", "data operacji", "uitvoeringsdatum", "execution date", "date d execution", "data esecuzione",
            "ausfuhrungsdatum", "data ksiegowania", "data transakcji", "datum zauctovani", "datum transakce", "datum provedeni", "datum transakcie", "datum zauctovania",
            "konyvelesi datum", "konyveles datuma", "tranzakcio datuma", "data tranzactiei", "data inregistrarii", "bokforingsdag", "transaktionsdag", "bokforingsdatum",
            "transaktionsdatum", "dato", "bogforingsdato", "bogfort", "kirjauspaiva", "maksupaiva", "paivamaara", "bokforingsdato", "utfort dato", "дата", "дата проводки",
            "дата обработки", "дата списания", "дата операции", "tarih", "islem tarihi",
        ],
        .valueDate: [
            "value date", "valuta", "valutadatum", "wertstellung", "wertstellungsdatum", "data valor", "data de valor", "data valuta",
            "fecha valor", "fecha de valor", "f valor", "date de valeur", "date valeur", "rentedatum", "rentedato", "arvopaiva", "valutadag",
        ],
        .description: [
            "description", "descriptions", "details", "transaction details", "narrative", "particulars", "label", "libelle", "libelle operation",
            "descricao", "historico", "concepto", "concepte", "descripcion", "descripcio", "descrizione", "causale", "descrizione operazione",
            "verwendungszweck", "omschrijving", "naam omschrijving", "mededelingen", "remarque", "text", "booking text", "payment reference",
            "transaction description", "memo description", "buchungsdetails", "movimento", "operacao", "operazione", "operation",

            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "paaiskinimai", "mokejimo paskirtis", "apraksts", "selgitus", "opis", "opis operacji", "tytul", "tytul operacji", "popis", "zprava pro prijemce", "kozlemeny", "leiras",
            "descriere", "detalii", "detalii tranzactie", "explicatie", "beskrivning", "meddelande", "tekst", "beskrivelse", "selite", "viesti", "forklaring", "описание",
            "назначение платежа", "описание операции", "основание", "назначение", "aciklama",
        ],
        .payee: [
            "payee", "payee name", "partner name", "counterparty", "counterparty name", "name", "beneficiary", "merchant", "merchant name",
            "auftraggeber empfanger", "empfanger", "zahlungsempfanger", "beguenstigter zahlungspflichtiger", "naam tegenpartij", "tegenpartij",
            "naam", "beneficiario", "ordenante", "nome", "favorecido", "destinatario", "beneficiaire", "tiers", "contraparte", "description payee",

            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "gavejas", "moketojas", "gavejas moketojas", "partneris", "sanemejs", "saaja maksja", "nadawca odbiorca", "kontrahent", "odbiorca", "nazev protiuctu", "protistrana",
            "nazov protiuctu", "partner neve", "kedvezmenyezett", "beneficiar", "mottagare", "modtager", "saaja maksaja", "mottaker", "контрагент", "получатель", "alici",
        ],
        .amount: [
            "amount", "amt", "transaction amount", "net amount", "net", "montante", "valor", "importe", "import", "importo", "montant", "betrag",
            "bedrag", "quantia", "umsatz",

            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "buchungsbetrag", "suma", "summa", "kwota", "kwota operacji", "castka", "ciastka", "osszeg", "valoare", "belopp", "belob", "maara", "rahamaara", "belop",
            "сумма в валюте счета", "сумма пересчитанная в валюту счета", "сумма", "сумма операции", "tutar", "islem tutari",
        ],
        .debit: [
            "debit", "debits", "debit amount", "withdrawal", "withdrawals", "paid out", "money out", "out", "debito", "cargo", "cargos", "debe",
            "addebiti", "addebito", "uscite", "soll", "ausgang", "valor debito", "debit amt", "spent", "amount out", "out amount", "outgoing",
            "outflow", "withdrawal amount", "saida", "saidas", "salida", "salidas", "uscita", "sortie", "sorties", "debet", "af",
            "betrag soll", "soll betrag", "ausgaben", "belastung", "lastschrift", "uitgaven", "wydatki", "obciazenia", "vydaj", "kiadas", "terheles",
            "utgift", "utbetalning", "udbetaling", "ut", "nosto", "rashod", "расход", "расходы", "дебет", "списание", "списания", "borc", "cikis",
        ],
        .credit: [
            "credit", "credits", "credit amount", "deposit", "deposits", "paid in", "money in", "in", "credito", "abono", "abonos", "haber",
            "accrediti", "accredito", "entrate", "haben", "eingang", "valor credito", "credit amt", "received", "amount in", "in amount", "incoming",
            "inflow", "deposit amount", "entrada", "entradas", "ingreso", "ingresos", "entrata", "entree", "entrees", "bij", "betrag haben",
            "haben betrag", "einnahmen", "gutschrift", "inkomsten", "wplywy", "uznania", "prijem", "jovairas", "inbetalning", "indbetaling",
            "inn", "pano", "prihod", "приход", "кредит", "зачисление", "зачисления", "поступление", "поступления", "alacak", "giris",
        ],
        .indicator: [
            "d c", "dc", "cr dr", "dr cr", "debit credit", "credit debit", "af bij", "soll haben", "s h", "d h", "c d", "debito credito", "sign",
            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "d k", "k d", "dk", "credit debet", "creditdebet", "debet credit", "deebet kreedit", "debetas kreditas", "d c indicator", "plus minus", "vorzeichen", "signe", "segno",
            "signo", "teken",
        ],
        .balance: [
            "balance", "running balance", "runningbalance", "current balance", "balance after", "saldo", "saldo contabile", "saldo contable",
            "saldo disponible", "saldo disponivel", "solde", "kontostand", "saldo apos", "saldo na", "saldo nach buchung",

            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "likutis", "atlikums", "saldo po operacji", "zustatek", "zostatok", "egyenleg", "sold", "balanta", "behallning", "остаток", "баланс", "bakiye",
        ],
        .currency: [
            "currency", "curr", "ccy", "moeda", "divisa", "moneda", "valuta", "wahrung", "waehrung", "devise", "munt", "currency code",
            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "valiuta", "valuuta", "waluta", "mena", "deviza", "penznem", "valuutta", "валюта", "para birimi", "doviz",
        ],
        .id: [
            "id", "transaction id", "reference", "ref", "referencia", "riferimento", "numero documento", "numero do documento", "n documento",
            "operation number", "transaction reference", "referenz", "kundenreferenz", "transactie id", "reference number", "check number",
            "checknumber", "check or slip", "numero", "num",
        ],
        .type: [
            "type", "transaction type", "tipo", "tipo movimento", "tipo de movimento", "tipo de operacion", "buchungstext", "mutatiesoort",
            "type de transaction", "type operation", "typ", "umsatzart", "code",
        ],
        .status: [
            "state", "status", "estado", "estat", "stato", "statut",
            // lt, lv, et, pl, cs, sk, hu, ro, sv, da, fi, no, ru, tr
            "info", "umsatzstatus", "tila", "stav", "статус",
        ],
        .memo: ["memo", "notes", "note", "nota", "notas", "observacoes", "observaciones", "mitteilung", "payment purpose", "detail", "opmerking", "additional info"],
        .iban: [
            "partner iban", "counterparty iban", "tegenrekening", "iban contrapartida", "gegenkonto", "beneficiary iban", "payee iban", "iban tegenpartij", "kontonummer iban",
        ],
        .ownAccount: [
            "account", "account number", "iban", "rekening", "konto", "kontonummer", "conta", "numero de conta", "cuenta", "numero de cuenta", "compte", "conto", "auftragskonto",
        ],
    ]

    /// Amounts named as in the account's currency: beside them, an amount of the transaction
    /// (`Сумма операции`) is in the currency it was made in.
    static let accountCurrencyAmounts: Set<String> = ["сумма в валюте счета", "сумма пересчитанная в валюту счета"]

    /// Headers of the amount in the transaction's own currency beside the account's amount
    /// (Odoo's `amount_currency` export: `Amount Currency`): another currency's figure,
    /// never the account's money.
    static let transactionCurrencyAmounts: Set<String> = ["amount currency", "amount in currency", "amount_currency", "montant devise", "importe divisa"]

    /// Words that make a figure some other figure (`Original Amount`, `initial_balance`).
    static let qualifiers: Set<String> = [
        "original", "initial", "final", "opening", "closing", "start", "end", "exchange", "foreign", "fee", "fees", "anterior", "inicial", "rate",
        "gross", "tax", "bank", "instructed", "fremdwahrung",
    ]

    /// Letters that are not a base letter with an accent, so folding keeps them: Danish and
    /// Norwegian `ø` (`Beløb`), `æ`, German `ß`, Polish `ł`.
    static let letterFolds: [Character: String] = ["ø": "o", "æ": "ae", "ß": "ss", "ł": "l", "đ": "d", "ı": "i", "œ": "oe"]

    /// The header as compared: folded, punctuation as spaces, a trailing currency removed.
    static func normalize(_ header: String) -> String {
        let folded = TextKey.fold(header).map { letterFolds[$0] ?? String($0) }.joined()
        let spaced = String(folded.map { $0.isLetter || $0.isNumber ? $0 : " " })
        var words = spaced.split(separator: " ").map(String.init)
        if words.count > 1, let last = words.last, SniffCurrencyCodes.contains(last) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// Roles this header may name, best first, with their scores.
    static func roles(for header: String) -> [(role: ColumnRole, score: Int)] {
        let name = normalize(header)
        guard !name.isEmpty else { return [] }
        let words = Set(name.split(separator: " ").map(String.init))
        var found: [(ColumnRole, Int)] = []
        for role in ColumnRole.allCases {
            guard let names = self.words[role] else { continue }
            if names.contains(name) {
                found.append((role, 3))
            } else if words.isDisjoint(with: qualifiers), names.contains(where: { !$0.contains(" ") && $0.count > 3 && words.contains($0) }) {
                found.append((role, 1))
            }
        }
        return found.sorted { $0.1 > $1.1 }
    }

    /// Words of balance rows that are not transactions (opening and closing balances).
    static let balanceRowWords: Set<String> = [
        "saldo anterior", "saldo inicial", "saldo final", "saldo do dia", "s a l d o", "saldo", "opening balance", "closing balance",
        "balance brought forward", "balance carried forward", "anfangssaldo", "endsaldo", "solde initial", "solde final", "saldo iniziale",
        "saldo finale", "beginsaldo", "eindsaldo", "total", "totals", "totaal", "summe", "saldo contable", "saldo disponible",
        // lt, lv, et (Swedbank's Baltic exports: opening balance, turnover, closing balance), pl
        "likutis pradziai", "likutis pabaigai", "pradinis likutis", "galutinis likutis", "apyvarta", "sakuma atlikums", "beigu atlikums",
        "apgrozijums", "algsaldo", "loppsaldo", "kaive", "saldo poczatkowe", "saldo koncowe",
    ]

    /// True when a cell says the row is an opening or closing balance, punctuation around
    /// the words ignored (`|SALDO FINALE`).
    static func isBalanceRowWord(_ cell: String) -> Bool {
        let folded = TextKey.fold(cell.trimmed)
        let words = folded.drop { !$0.isLetter }.reversed().drop { !$0.isLetter }.reversed()
        return balanceRowWords.contains(String(words))
    }

    /// Which way a bank's transaction type says the money went.
    enum Direction { case out, `in` }

    /// Parts of transaction types that say money out or in, folded; German compounds hold
    /// them inside (`FOLGELASTSCHRIFT`, `ECHTZEIT-GUTSCHRIFT`, `GUTSCHR. UEBERWEISUNG`).
    static let moneyOutTypeParts = ["lastschrift", "abbuchung", "belastung", "auszahlung", "kartenzahlung", "dauerauftrag", "entgelt"]
    static let moneyInTypeParts = ["gutschr", "einzahlung", "zahlungseingang"]
    /// Whole words of transaction types that say money out or in.
    static let moneyOutTypeWords: Set<String> = ["debit", "withdrawal", "afschrijving", "cargo", "prelevement", "addebito"]
    static let moneyInTypeWords: Set<String> = ["credit", "deposit", "bijschrijving", "abono", "versement", "accredito"]
    /// Parts that undo a movement (a returned debit is money in): such a type says nothing.
    static let reversalParts = ["ruck", "rueck", "storno", "retour", "reversal", "refund", "return", "annul", "erstatt"]

    /// The direction a transaction type names, or nil when it names none (`UEBERWEISUNG`,
    /// `BUCHUNG`) or both, or undoes a movement (`RUECKLASTSCHRIFT`).
    static func typeDirection(_ cell: String) -> Direction? {
        let folded = TextKey.fold(cell.trimmed)
        guard !folded.isEmpty, !reversalParts.contains(where: folded.contains) else { return nil }
        let words = Set(folded.split { !$0.isLetter }.map(String.init))
        let out = moneyOutTypeParts.contains(where: folded.contains) || !words.isDisjoint(with: moneyOutTypeWords)
        let into = moneyInTypeParts.contains(where: folded.contains) || !words.isDisjoint(with: moneyInTypeWords)
        if out == into { return nil }
        return out ? .out : .in
    }

    /// Status words of rows that are booked.
    static let bookedStatuses: Set<String> = [
        "approved", "completed", "complete", "booked", "posted", "processed", "settled", "cleared", "done", "success", "successful", "executed",
        "confirmed", "paid", "gebucht", "umsatz gebucht", "ausgefuhrt", "verbucht", "geboekt", "uitgevoerd", "comptabilise", "execute", "effectue", "contabilizado",
        "concluido", "efetuado", "realizado", "completado", "liquidado", "contabilizzato", "eseguito", "completato", "исполнено", "проведено", "выполнено",
    ]

    /// True for a status cell Penny knows the meaning of (booked or not), or an empty one.
    static func isKnownStatus(_ cell: String) -> Bool {
        let key = TextKey.fold(cell.trimmed)
        return key.isEmpty || bookedStatuses.contains(key) || notBookedStatuses.contains(key)
    }

    /// Status words of rows that have not happened yet (or never will).
    static let notBookedStatuses: Set<String> = [
        "pending", "pendente", "pendiente", "en attente", "in sospeso", "vorgemerkt", "in behandeling", "reverted", "declined", "failed",
        "cancelled", "canceled", "rejected", "umsatz vorgemerkt", "noch nicht gebucht", "pending transaction", "en cours", "in corso",
        "in attesa", "oczekujaca", "w trakcie", "not approved", "unapproved", "non approvato", "rifiutato", "annullato", "abgelehnt", "storniert", "afgewezen", "geweigerd",
        "reserveret", "reserviert", "reservert", "reserverad", "varattu", "vorgemerkt umsatz", "в обработке", "отклонено", "отклонена", "отменено", "отменена",
    ]
}
