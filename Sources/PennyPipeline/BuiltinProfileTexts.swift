/// The built-in profiles' texts, embedded from `BuiltinProfiles/*.rules` (one per bank,
/// each with the public source of its layout); their names are listed in Package.swift.
enum BuiltinProfileTexts {
    /// Every file, in name order, as one rules text.
    static var all: String {
        [PackageResources.n26_rules, PackageResources.revolut_rules].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
