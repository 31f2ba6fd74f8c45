/// The built-in profiles' texts, embedded from `BuiltinProfiles/*.rules` (one per bank,
/// each with the public source of its layout); their names are listed in Package.swift.
enum BuiltinProfileTexts {
    /// Every file, in name order, as one rules text.
    static var all: String {
        [
            PackageResources.aib_rules, PackageResources.bankofireland_rules, PackageResources.barclays_rules, PackageResources.boursorama_rules,
            PackageResources.capitalone_rules, PackageResources.chase_rules, PackageResources.commerzbank_rules, PackageResources.dkb_rules,
            PackageResources.hungarian_rules, PackageResources.ingnl_rules, PackageResources.lloyds_rules, PackageResources.monzo_rules, PackageResources.n26_rules,
            PackageResources.nubank_rules, PackageResources.paypal_rules, PackageResources.revolut_rules, PackageResources.schwab_rules, PackageResources.starling_rules,
            PackageResources.wise_rules,
        ]
        .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}
