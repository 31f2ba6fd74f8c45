import Foundation
import PennyTestSupport
import PennyPipeline

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a console printed, line by line.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    /// Result lines.
    var out: [String] { lock.withLock { outLines } }
    /// Diagnostics.
    var err: [String] { lock.withLock { errLines } }

    /// A console that prints here.
    func console(quiet: Bool = false) -> Console {
        Console(quiet: quiet, out: { line in self.lock.withLock { self.outLines.append(line) } }, err: { line in self.lock.withLock { self.errLines.append(line) } })
    }
}

/// A scratch folder removed when the test is done with it.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = TestScratch.root.appendingPathComponent("penny-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let target = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: target, atomically: true, encoding: .utf8)
        return target.path
    }

    /// The text of `name` inside the folder.
    func text(_ name: String) throws -> String { try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) }
}
