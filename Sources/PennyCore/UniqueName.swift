/// Names made unique among names already taken by a `-2`, `-3`… suffix: rule names Penny
/// suggests or writes, a report site's page names.
public enum UniqueName {
    /// `base` when free, else the first of `base-2`, `base-3`… that is.
    public static func next(_ base: String, taken: Set<String>) -> String {
        var unique = base
        var n = 2
        while taken.contains(unique) {
            unique = "\(base)-\(n)"
            n += 1
        }
        return unique
    }
}
