import Foundation
@testable import PennyReport
import PennyTestSupport
import Testing

/// The byte path of `commonName` must say what the general path says (words compared as
/// characters, Foundation-style trimming), on random pairs of names.
struct CommonNameBytesTests {
    private static let words = ["SPOTIFY", "P1234", "P2A3", "LIDL,", "-", ":", ";", ",", "", " ", "Café", "A", "a", "LISBOA", "--x", "\t", "–"]

    @Test(arguments: 1...30) func theBytePathSaysWhatTheGeneralPathSays(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var fast = 0
        func name() -> String { (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ") }
        for _ in 0..<400 {
            let a = name()
            let b = Bool.random(using: &random) ? a + " " + name() : name()
            if CommonNameBytes.commonName(a, b) != nil { fast += 1 }
            #expect(RecapBuilder.commonName(a, b) == RecapBuilder.generalCommonName(a, b), "\(a.debugDescription) \(b.debugDescription)")
        }
        #expect(fast > 100)
    }

    @Test func namesOfOnePayee() {
        #expect(CommonNameBytes.commonName("SPOTIFY P1234", "SPOTIFY P2A3") == "SPOTIFY")
        #expect(CommonNameBytes.commonName("LIDL, LISBOA", "LIDL, PORTO") == "LIDL")
        #expect(CommonNameBytes.commonName("UBER", "BOLT") == "UBER")
        #expect(CommonNameBytes.commonName("Café", "Café") == nil)
    }
}
