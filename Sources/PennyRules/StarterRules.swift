/// The rules file `penny init` writes: a commented example to edit.
public enum StarterRules {
    /// The text of `rules/penny.rules`.
    public static let text = """
        # Penny rules: own accounts, how to read each bank's CSV, and how to categorize.
        # A directive starts in column 1; its lines are indented. See docs/rules.md.

        default currency EUR
        default expense-category expenses:uncategorized
        default income-category income:uncategorized

        account assets:bank:checking
          id PT50000000000000000000000       # your IBAN or account number
          currency EUR
          type checking
          opening 2024-01-01 0.00

        csv mybank
          match-file "*mybank*.csv"
          account assets:bank:checking
          delimiter ;
          encoding windows-1252
          header-lines 1
          date 1 %d-%m-%Y
          description 3
          amount 4
          decimal-mark ,
          thousands-separator .

        rule groceries
          if description contains "PINGO DOCE", "CONTINENTE", "LIDL"
          if amount < 0
          category expenses:food:groceries

        rule salary
          if description contains "ORDENADO", "SALARY"
          if amount > 0
          category income:salary

        """
}
