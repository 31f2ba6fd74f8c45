import PennyCore
import PennyRules
import Testing

/// One case per rules message that no other test asserts: the smallest rules text that
/// gives it, and every error it gives with its file:line:col (the column points at the
/// offending word). Each expectation was read against its text when written.
struct RulesMessageTableTests {
    static let cases: [(name: String, text: String, errors: [String])] = [
        ("account-name", "account\n", ["m.rules:1:1: error: expected 'account NAME' (one account name, like assets:bank:checking)"]),
        ("budget-name", "budget monthly\n  expenses:food 100.00\n", ["m.rules:1:8: error: 'budget' takes no name; its lines are indented below it"]),
        ("category-missing", "rule r\n  category\n", ["m.rules:2:3: error: expected 'category ACCOUNT'"]),
        (
            "column-zero", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 0\n  amount 2\n",
            [
                "m.rules:2:5: error: csv profile 'b' has no 'date COLUMN FORMAT' line", "m.rules:5:3: error: expected 'date COLUMN [FORMAT]', like: date 1 %d-%m-%Y",
                "m.rules:5:8: error: columns are numbered from 1",
            ]
        ),
        ("csv-name", "csv\n", ["m.rules:1:1: error: expected 'csv NAME'"]),
        ("label-text", "label expenses:food\n", ["m.rules:1:7: error: expected 'label NAME \"Text\"' (an account, category or program and how reports show it)"]),
        (
            "label-language", "label expenses:food \"Food\"\n  portuguese Comida extra\n",
            ["m.rules:2:3: error: expected a language and its text, like: pt \"Habitação\" or pt-BR \"Moradia\""]
        ),
        (
            "label-twice", "label expenses:food Food\nlabel expenses:food \"Groceries\"\n",
            ["m.rules:2:7: error: 'expenses:food' already has a label at m.rules:1:1"]
        ),
        ("currency-missing", "account assets:bank:a\n  currency\n", ["m.rules:2:3: error: expected 'currency' followed by a three-letter code like EUR"]),
        ("date-after-op", "rule r\n  if date >\n  category expenses:x\n", ["m.rules:2:11: error: expected an operator and a value after 'date'"]),
        (
            "date-missing", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date\n  amount 2\n",
            ["m.rules:2:5: error: csv profile 'b' has no 'date COLUMN FORMAT' line", "m.rules:5:3: error: expected 'date COLUMN [FORMAT]', like: date 1 %d-%m-%Y"]
        ),
        (
            "decimal-mark", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  decimal-mark ;\n",
            ["m.rules:7:16: error: expected 'decimal-mark .' or 'decimal-mark ,'"]
        ),
        ("default-short", "default currency\n", ["m.rules:1:9: error: expected 'default KEY VALUE' with KEY one of currency, expense-category, income-category"]),
        (
            "description-empty", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  description 3 +\n",
            ["m.rules:7:17: error: expected 'description COLUMN [+ COLUMN ...]'"]
        ),
        (
            "description-plus", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  description 3 4\n",
            ["m.rules:7:17: error: expected '+' between description columns"]
        ),
        (
            "funding-missing", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  funding\n  pot assets:savings:pot\n  apply monthly\n  to assets:savings:x 100%\n",
            ["m.rules:4:3: error: expected 'funding ACCOUNT'"]
        ),
        (
            "header-lines", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  header-lines two\n  date 1\n  amount 2\n",
            ["m.rules:5:16: error: expected 'header-lines' followed by a whole number (0 when the file has no header)"]
        ),
        ("id-missing", "account assets:bank:a\n  id\n", ["m.rules:2:3: error: expected 'id' followed by an IBAN, account number or *1234"]),
        ("if-alone", "rule r\n  if\n  category expenses:x\n", ["m.rules:2:3: error: expected 'if FIELD OPERATOR VALUE'"]),
        ("if-short", "rule r\n  if description\n  category expenses:x\n", ["m.rules:2:6: error: expected an operator and a value after 'description'"]),
        ("include-missing", "include\n", ["m.rules:1:1: error: expected 'include PATH' (quote paths with spaces)"]),
        ("include-not-rules", "include /etc/passwd\n", ["m.rules:1:9: error: '/etc/passwd' is not a .rules file: include only rules files"]),
        (
            "match-header", "account assets:bank:a\ncsv b\n  match-header\n  account assets:bank:a\n  date 1\n  amount 2\n",
            ["m.rules:2:5: error: csv profile 'b' never applies: add 'match-file GLOB' or 'match-header TEXT'", "m.rules:3:3: error: expected 'match-header TEXT'"]
        ),
        (
            "matches-word", "rule r\n  if description matches abc\n  category expenses:x\n",
            ["m.rules:2:26: error: expected a regular expression in slashes after 'matches', like /^TRF .*ORDENADO/"]
        ),
        (
            "negate-value", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  negate yes\n",
            ["m.rules:7:10: error: 'negate' takes no value"]
        ),
        ("note-missing", "rule r\n  category expenses:x\n  note\n", ["m.rules:3:3: error: expected 'note TEXT'"]),
        ("operator-missing", "rule r\n  if description not\n  category expenses:x\n", ["m.rules:2:18: error: expected an operator and a value after 'not'"]),
        ("payee-missing", "rule r\n  category expenses:x\n  payee\n", ["m.rules:3:3: error: expected 'payee TEXT'"]),
        (
            "pot-missing", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot\n  apply monthly\n  to assets:savings:x 100%\n",
            ["m.rules:4:3: error: expected 'pot ACCOUNT'"]
        ),
        (
            "regex-flag", "rule r\n  if description matches /abc/q\n  category expenses:x\n",
            ["m.rules:2:26: error: unknown regular expression flag 'q': expected c (exact case and accents), s or x"]
        ),
        ("regex-missing", "rule r\n  if description matches\n  category expenses:x\n", ["m.rules:2:18: error: expected an operator and a value after 'description'"]),
        ("regex-without-matches", "rule r\n  if description contains /abc/\n  category expenses:x\n", ["m.rules:2:27: error: a /regex/ goes with 'matches', not 'contains'"]),
        ("roundup-name", "roundup\n", ["m.rules:1:1: error: expected 'roundup NAME'"]),
        ("rule-name", "rule\n", ["m.rules:1:1: error: expected 'rule NAME' (one word or a quoted name)"]),
        (
            "same-marks", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  decimal-mark ,\n  thousands-separator ,\n",
            ["m.rules:2:5: error: decimal mark and thousands separator are both ','"]
        ),
        (
            "split-odd", "budget\n  split needs 50%\n  expenses:food 100.00\n  split needs\n",
            ["m.rules:2:9: error: the split adds up to 50%, not 100%", "m.rules:4:9: error: expected 'split NAME N% NAME N% ...'"]
        ),
        ("tag-chars", "rule r\n  category expenses:x\n  tag a.b\n", ["m.rules:3:7: error: tag names are letters, digits, '-' and '_'"]),
        ("tag-equals", "rule r\n  category expenses:x\n  tag a=b c\n", ["m.rules:3:11: error: expected one value after '=' (quote values with spaces)"]),
        ("tag-missing", "rule r\n  category expenses:x\n  tag\n", ["m.rules:3:3: error: expected 'tag NAME' or 'tag NAME=VALUE'"]),
        ("tag-spaces", "rule r\n  category expenses:x\n  tag \"two words\"\n", ["m.rules:3:3: error: expected 'tag NAME' or 'tag NAME=VALUE'"]),
        ("tag-two", "rule r\n  category expenses:x\n  tag a b\n", ["m.rules:3:9: error: expected 'tag NAME' or 'tag NAME=VALUE' (one tag per line)"]),
        (
            "thousands", "account assets:bank:a\ncsv b\n  match-file \"*.csv\"\n  account assets:bank:a\n  date 1\n  amount 2\n  thousands-separator _\n",
            ["m.rules:7:23: error: expected 'thousands-separator' followed by . , ' space or none"]
        ),
        (
            "to-missing", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot assets:savings:pot\n  apply monthly\n  to assets:savings:x\n",
            ["m.rules:6:6: error: expected 'to ACCOUNT N%' (optionally 'goal AMOUNT', 'since DATE', 'until DATE')"]
        ),
        (
            "to-since", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot assets:savings:pot\n  apply monthly\n  to assets:savings:x 100% since soon\n",
            ["m.rules:6:34: error: expected a date YYYY-MM-DD after 'since'"]
        ),
        (
            "to-trailing", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot assets:savings:pot\n  apply monthly\n  to assets:savings:x 100% later\n",
            ["m.rules:6:28: error: expected a value after 'later'"]
        ),
        (
            "to-word", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot assets:savings:pot\n  apply monthly\n  to assets:savings:x 100% later 2024-01-01\n",
            ["m.rules:6:28: error: expected 'goal', 'since' or 'until' after the percentage"]
        ),
        ("transfer-window", "account assets:bank:a\n  transfer-window many\n", ["m.rules:2:19: error: expected 'transfer-window DAYS [ACCOUNT]' with DAYS from 0 to 31"]),
        (
            "until-missing", "account assets:bank:a\nroundup r\n  from assets:bank:a\n  pot assets:savings:pot\n  apply monthly\n  until\n  to assets:savings:x 100%\n",
            ["m.rules:6:3: error: expected 'until YYYY-MM-DD'"]
        ),
        ("value-after-comma", "rule r\n  if description contains \"a\",\n  category expenses:x\n", ["m.rules:2:30: error: expected a value after ','"]),
        ("value-after-op", "rule r\n  if description contains\n  category expenses:x\n", ["m.rules:2:18: error: expected an operator and a value after 'description'"]),
        ("value-before-comma", "rule r\n  if description contains , \"a\"\n  category expenses:x\n", ["m.rules:2:27: error: expected a value before ','"]),
    ]

    func errors(_ text: String) -> [String] {
        do {
            _ = try RulesLoader.load(text: text, file: "m.rules")
            return []
        } catch {
            return error.errors.map(\.headline)
        }
    }

    @Test(arguments: cases.map(\.name))
    func message(name: String) throws {
        let item = try #require(Self.cases.first { $0.name == name })
        #expect(errors(item.text) == item.errors, "\(name)")
    }

    @Test func everyCaseGivesAnError() {
        #expect(Self.cases.count >= 45)
        #expect(Self.cases.allSatisfy { !$0.errors.isEmpty })
    }
}
