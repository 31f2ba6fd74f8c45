import Foundation
import PennyTestSupport
import Testing

@testable import PennyLedger

/// The writer thread writes every submitted buffer, in order, and reports a failed write.
@Suite struct BackgroundWriterTests {
    @Test func buffersArriveWholeAndInOrder() throws {
        let path = TestScratch.root.appendingPathComponent("writer-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        let writer = BackgroundWriter(descriptor: descriptor)
        var expected: [UInt8] = []
        var buffer: [UInt8] = []
        var g = SeededGenerator(seed: 7)
        for round in 0..<200 {
            for _ in 0..<Int.random(in: 0..<5000, using: &g) { buffer.append(UInt8(truncatingIfNeeded: round &+ Int.random(in: 0..<256, using: &g))) }
            expected += buffer
            try writer.submit(&buffer)
            #expect(buffer.isEmpty)
            if round % 50 == 0 { try writer.drain() }
        }
        try writer.drain()
        writer.stop()
        close(descriptor)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test func aFailedWriteIsReportedByTheNextCall() throws {
        // A descriptor opened read-only: every write fails (EBADF).
        let path = TestScratch.root.appendingPathComponent("writer-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let writer = BackgroundWriter(descriptor: descriptor)
        var buffer = Array("entry\n".utf8)
        try writer.submit(&buffer)
        #expect(throws: WriteFailure.self) { try writer.drain() }
        writer.stop()
    }
}
