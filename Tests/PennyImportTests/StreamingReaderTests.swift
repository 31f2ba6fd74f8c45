import Foundation
import Glibc
import PennyCore
@testable import PennyImport
import PennyTestSupport
import Testing

/// The readers that promise to stream do: fed through a FIFO, a reader delivers its first
/// transaction while most of the file is still unwritten. A reader that loaded the whole
/// file first could only deliver it after the writer had finished, so these fail then.
///
/// Both readers read the file twice (a first pass over the whole text: the JSON outline,
/// MT940's encoding check), so the writer writes the file once whole, then, on the second
/// open, its first three quarters, and waits for the first transaction before writing the rest.
@Suite(.serialized) struct StreamingReaderTests {
    @Test func theJSONReaderDeliversEntriesBeforeTheFileEnds() throws {
        var text = "{\"account\": {\"iban\": \"DE89370400440532013000\", \"currency\": \"EUR\"},\n \"transactions\": {\"booked\": [\n"
        for n in 0..<4000 {
            text += "  {\"transactionId\": \"T\(n)\", \"bookingDate\": \"2024-03-02\", \"transactionAmount\": {\"amount\": \"-2.50\", \"currency\": \"EUR\"},"
            text += " \"remittanceInformationUnstructured\": \"KAFFEEBAR MITTE BERLIN \(n)\"}\(n < 3999 ? "," : "")\n"
        }
        text += "]}}\n"
        let (pass, written, total, count) = try Self.readThroughFIFO(Array(text.utf8), name: "s.json", reader: JSONReader())
        #expect(count == 4000)
        #expect(pass == 2)
        #expect(written < total)
    }

    @Test func theMT940ReaderDeliversEntriesBeforeTheFileEnds() throws {
        var text = ""
        for statement in 0..<30 {
            text += ":20:S\(statement)\r\n:25:DE89370400440532013000\r\n:28C:\(statement + 1)/1\r\n:60F:C240301EUR0,00\r\n"
            for n in 0..<1000 { text += ":61:2403010301D1,00NMSCT\(n)//\(n)\r\n:86:KAFFEEBAR MITTE BERLIN \(statement) \(n)\r\n" }
            text += ":62F:D240301EUR1000,00\r\n-\r\n"
        }
        let (pass, written, total, count) = try Self.readThroughFIFO(Array(text.utf8), name: "s.sta", reader: MT940Reader())
        #expect(count == 30000)
        #expect(pass == 2)
        #expect(written < total)
    }

    /// Reads `bytes` through a FIFO written by another thread: the pass (the number of the
    /// writer's open) and the bytes written in it when the first transaction came, the
    /// file's size, and the transactions read.
    static func readThroughFIFO(_ bytes: [UInt8], name: String, reader: some StatementReader) throws -> (Int, Int, Int, Int) {
        let url = TestScratch.root.appendingPathComponent("penny-fifo-\(UUID().uuidString)-\(name)")
        try #require(mkfifo(url.path, 0o600) == 0)
        signal(SIGPIPE, SIG_IGN)
        defer { unlink(url.path) }
        let feed = FIFOFeed(path: url.path, bytes: bytes)
        let writer = Thread { feed.write() }
        writer.start()
        var first: (pass: Int, written: Int)?
        var count = 0
        let probe = FileProbe(url: url, head: Array(bytes.prefix(4096)))
        do throws(PennyError) {
            try reader.read(probe, displayName: name, configuration: ReaderConfiguration(csvProfiles: [], defaultCurrency: .euro)) { event in
                guard case .transaction = event else { return }
                count += 1
                if first == nil {
                    first = feed.progress
                    feed.firstTransaction.signal()
                }
            }
        } catch {
            Issue.record("\(error.headline)")
        }
        // A reader that opened the FIFO only once leaves the writer waiting in its second
        // open: an open for reading lets it through (its writes then fail, SIGPIPE ignored).
        while feed.finish.wait(timeout: .now() + 0.1) == .timedOut {
            let fd = open(url.path, O_RDONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        return (first?.pass ?? 0, first?.written ?? bytes.count, bytes.count, count)
    }
}

/// Writes a file into a FIFO: whole on the first open; on the second, its first three quarters (MT940 reads a mebibyte at a time), then
/// the rest once a transaction was read (or after a minute, when the reader waits for the
/// whole file: a guard against a hang, not a measure).
final class FIFOFeed: @unchecked Sendable {
    let path: String
    let bytes: [UInt8]
    let firstTransaction = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var pass = 0
    private var written = 0

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The writer's open and the bytes written in it so far.
    var progress: (pass: Int, written: Int) { lock.withLock { (pass, written) } }

    func write() {
        defer { finish.signal() }
        for open in 1...2 {
            let fd = Glibc.open(path, O_WRONLY)
            guard fd >= 0 else { return }
            lock.withLock {
                pass = open
                written = 0
            }
            if open == 1 {
                put(fd, bytes[...])
                // A fresh FIFO for the second open: reopening this one would join the
                // reader's first open, still reading, and write into its pass.
                unlink(path)
                mkfifo(path, 0o600)
            } else {
                let cut = bytes.count * 3 / 4
                put(fd, bytes[..<cut])
                _ = firstTransaction.wait(timeout: .now() + 60)
                put(fd, bytes[cut...])
            }
            close(fd)
        }
    }

    private func put(_ fd: Int32, _ part: ArraySlice<UInt8>) {
        var offset = part.startIndex
        while offset < part.endIndex {
            let n = part[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, min($0.count, 4096)) }
            guard n > 0 else { return }
            offset += n
            lock.withLock { written += n }
        }
    }
}
