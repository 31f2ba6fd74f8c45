// The reader alone, for the readers' bench (scripts/bench_readers.sh): reads one statement
// with the reader Penny would choose and prints how many transactions it gave, nothing of
// the import (ids, rules, ledger). Built only when PENNY_BENCH=1 declares it.
import Foundation
import PennyCore
import PennyImport

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: penny-read FILE\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: arguments[1])
let configuration = ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)
var transactions = 0
do {
    let probe = try FileProbe(url: url)
    let reader = try ReaderRegistry.standard.reader(
        for: probe, forcedFormat: nil, configuration: configuration, displayName: arguments[1])
    try reader.read(probe, displayName: arguments[1], configuration: configuration) { event throws(PennyError) in
        if case .transaction = event { transactions += 1 }
    }
} catch {
    FileHandle.standardError.write(Data("penny-read: \(error)\n".utf8))
    exit(1)
}
print(transactions)
