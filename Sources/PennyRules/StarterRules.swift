/// The rules file `penny init` writes: a commented example to edit.
public enum StarterRules {
    /// The text of `rules/penny.rules`.
    public static let text = """
        # Penny rules: own accounts and how to categorize. A bank CSV needs no profile: penny
        # works it out and writes what it used to rules/csv/ (docs/csv.md).
        # A directive starts in column 1; its lines are indented. See docs/rules.md.

        default currency EUR
        default expense-category expenses:uncategorized
        default income-category income:uncategorized

        account assets:bank:checking
          id PT50000000000000000000000       # your IBAN or account number
          currency EUR
          type checking
          opening 2024-01-01 0.00

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
