import CLibFuzzer
import Foundation

/// libFuzzer calls this with each input; the target is `PENNY_FUZZ_TARGET` (`FuzzTarget`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    Harness.shared.run(bytes)
    return 0
}

/// The executable's entry point (SwiftPM names it after the module): libFuzzer's driver.
/// Whichever `main` the linker keeps, libFuzzer's or this one, inputs reach `fuzzOneInput`.
@_cdecl("PennyFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
