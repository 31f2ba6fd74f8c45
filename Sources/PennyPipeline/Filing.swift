import Foundation
public import PennyCore
import PennyLedger

/// Batch mode's filing (SPEC §3): imported files go to `archive/YYYY/MM/`, failed ones to
/// the quarantine with `NAME.error.txt` beside them. Nothing is ever deleted or overwritten:
/// a name already taken gets ` (2)`, ` (3)`, ...
public struct Filing {
    /// The folder the batch imports.
    public let inbox: String
    /// Where imported files go, under `YYYY/MM/`.
    public let archive: String
    /// Where failed and refused files go, each with `NAME.error.txt`.
    public let quarantine: String
    /// The year and month of the archive folder (the day of the run).
    public let month: (year: Int, month: Int)

    /// Filing for one run.
    public init(inbox: String, archive: String, quarantine: String, month: (year: Int, month: Int)) {
        self.inbox = inbox
        self.archive = archive
        self.quarantine = quarantine
        self.month = month
    }

    /// Moves an inbox entry batch mode refuses (a symbolic link, an unsafe name) to the
    /// quarantine under a safe name, with the reason beside it; returns its new path.
    /// A symbolic link is moved itself: what it points to is never touched.
    public func refuse(_ entry: InboxListing.Entry) throws(PennyError) -> String {
        let error = PennyError.badInput(entry.reason, at: SourceLocation(file: entry.displayName))
        return try file(entry.path, failure: error, as: FileName.safe((entry.path as NSString).lastPathComponent), rawSource: entry.rawPath)
    }

    /// Moves `file` where it belongs (under `name`, by default its own); returns its new path.
    /// `rawSource` gives the source path's bytes when its name is not valid UTF-8.
    public func file(_ file: String, failure: PennyError?, as name: String? = nil, rawSource: [CChar]? = nil) throws(PennyError) -> String {
        let folder: String
        if failure != nil {
            folder = quarantine
        } else {
            folder = (archive as NSString).appendingPathComponent(String(format: "%04d/%02d", month.year, month.month))
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let destination = Self.freeName(for: name ?? (file as NSString).lastPathComponent, in: folder)
            // The reason first: a statement is never in the quarantine without it.
            let note = destination + ".error.txt"
            if let failure {
                if FaultInjection.fails(.note) { throw POSIXError(.ENOSPC) }
                try Data((failure.description + "\n").utf8).write(to: URL(fileURLWithPath: note), options: .withoutOverwriting)
            }
            // rename(2) moves a symbolic link itself, dangling or not; across file systems, copy.
            let moved =
                FaultInjection.fails(.move) ? -1 : rawSource.map { raw in raw.withUnsafeBufferPointer { rename($0.baseAddress!, destination) } } ?? rename(file, destination)
            if moved != 0 {
                let code = errno
                do {
                    guard code == EXDEV, rawSource == nil else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
                    try FileManager.default.moveItem(atPath: file, toPath: destination)
                } catch {
                    if failure != nil { unlink(note) }
                    throw error
                }
            }
            return destination
        } catch {
            throw PennyError(.ledgerUnavailable, "cannot file \(FileName.escaped(file)) into \(folder): \(error.localizedDescription)", at: SourceLocation(file: file))
        }
    }

    /// `folder/name`, or `folder/name (2)...` when taken (or its error note is).
    public static func freeName(for name: String, in folder: String) -> String {
        let base = (folder as NSString).appendingPathComponent(name)
        func taken(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: path) || FileManager.default.fileExists(atPath: path + ".error.txt")
        }
        guard taken(base) else { return base }
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        var n = 2
        while true {
            let candidate = (folder as NSString).appendingPathComponent(ext.isEmpty ? "\(stem) (\(n))" : "\(stem) (\(n)).\(ext)")
            if !taken(candidate) { return candidate }
            n += 1
        }
    }
}
