/// What the rules decide for a plain row, in the form that costs least: the default
/// category for its sign, one rule's decision alone (by the rule's index), or a decision
/// several rules made together (`continue`).
///
/// The importer's row lane renders the first two from text it prepared once per rule.
public enum RowVerdict: Sendable, Equatable {
    /// No rule applied: the default category for the amount's sign.
    case byDefault
    /// The rule at this index (in rule order) decided alone: its `Categorization` is the
    /// one `ruleDecisions[index]` gives.
    case rule(Int)
    /// The decision in full (rules with `continue` combined, or a regular expression that
    /// gave up).
    indirect case decision(Categorization)
}
