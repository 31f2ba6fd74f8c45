import Foundation
public import PennyCore
import PennyLedger

/// What batch mode finds in its inbox, listed once the ledger lock is held: the regular
/// files to import in name order, the entries it refuses (moved to the quarantine) and the
/// ones it leaves where they are, each with the reason.
public struct InboxListing {
    /// An inbox entry that is not imported, and why.
    public struct Entry {
        /// The entry's path (inbox/name).
        public let path: String
        /// The name as printed: control characters escaped.
        public let displayName: String
        /// Why it is refused or left.
        public let reason: String
        /// The path's bytes (NUL-terminated) when the name is not valid UTF-8, which `path`
        /// cannot hold: the quarantine moves the entry by them.
        public var rawPath: [CChar]? = nil
    }

    /// Regular files with safe names, in name order.
    public var files: [String] = []
    /// Symbolic links, unsafe names and special files: quarantined, never imported.
    public var refused: [Entry] = []
    /// Hidden files, folders and notes: left in the inbox.
    public var left: [Entry] = []

    /// True when there is nothing to import or to quarantine.
    public var isIdle: Bool { files.isEmpty && refused.isEmpty }

    /// Lists `inbox`, and the files of each sub-folder named after an account (one level
    /// deep: `inbox/montepio/extrato.csv`); fails when the inbox is not a readable folder.
    /// - Parameter accountFolders: the names (lowercased) that name an account: each
    ///   account's last name part and its aliases. Other folders are left, with the reason.
    /// - Complexity: O(n log n) in the entries listed.
    public static func list(_ inbox: String, accountFolders: Set<String> = []) throws(PennyError) -> InboxListing {
        guard FileIdentity(path: inbox + "/.")?.kind == .directory else {
            throw .badInput("no such folder (the inbox)", at: SourceLocation(file: inbox))
        }
        var listing = InboxListing()
        try listing.add(inbox, shown: inbox, accountFolders: accountFolders)
        return listing
    }

    /// Adds the entries of `folder` (shown as `shown`); sub-folders only when `accountFolders`
    /// names them, and never deeper than one level.
    private mutating func add(_ folder: String, shown folderShown: String, accountFolders: Set<String>?) throws(PennyError) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .badInput("cannot list the inbox: \(error.localizedDescription)", at: SourceLocation(file: folder))
        }
        refused += Self.undecodableNames(in: folder, shown: folderShown)
        for name in names.sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            let shown = (folderShown as NSString).appendingPathComponent(FileName.escaped(name))
            if let problem = FileName.problem(name) {
                refused.append(Entry(path: path, displayName: shown, reason: problem))
                continue
            }
            guard let identity = FileIdentity(path: path) else { continue }  // gone since the listing
            switch identity.kind {
            case .symbolicLink:
                refused.append(
                    Entry(path: path, displayName: shown, reason: "a symbolic link: batch mode imports only regular files (put the file itself in the inbox)"))
            case .other:
                refused.append(Entry(path: path, displayName: shown, reason: "not a regular file (a pipe, socket or device)"))
            case .directory:
                if let accountFolders, !name.hasPrefix("."), accountFolders.contains(name.lowercased()) {
                    try add(path, shown: shown, accountFolders: nil)
                } else if accountFolders == nil {
                    left.append(Entry(path: path, displayName: shown, reason: "a folder inside an account's folder: batch mode reads one level of folders"))
                } else {
                    left.append(
                        Entry(
                            path: path, displayName: shown,
                            reason:
                                "a folder that names no account: batch mode imports the files of folders named after an account's last name part or alias (like inbox/montepio/)"
                        ))
                }
            case .regular:
                if name.hasPrefix(".") {
                    left.append(Entry(path: path, displayName: shown, reason: "a hidden file (its name starts with '.')"))
                } else if name.lowercased().hasPrefix("readme") || name.hasSuffix(".md") {
                    left.append(Entry(path: path, displayName: shown, reason: "a note, not a statement (README or .md)"))
                } else {
                    files.append(path)
                }
            }
        }
    }
}

extension InboxListing {
    /// The entries of `folder` whose names are not valid UTF-8 (Foundation cannot list
    /// them, so they were never imported nor reported): each refused, with its bytes.
    static func undecodableNames(in folder: String, shown: String) -> [Entry] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            let readable = FileName.safe(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "_"))
            let path = (folder as NSString).appendingPathComponent(readable)
            let raw = Array((folder + "/").utf8CString.dropLast()) + bytes.map { CChar(bitPattern: $0) } + [0]
            entries.append(
                Entry(
                    path: path, displayName: (shown as NSString).appendingPathComponent(readable),
                    reason: "the file name is not valid UTF-8: it is filed under a readable name; rename the file and put it back in the inbox", rawPath: raw))
        }
        return entries
    }
}

/// File names batch mode refuses to import or file under their own name.
public enum FileName {
    /// Why `name` is unsafe (control characters, quotes, `..`), or nil when it is fine.
    public static func problem(_ name: String) -> String? {
        if name.unicodeScalars.contains(where: isBidiControl) {
            return "the file name holds a bidirectional control character (it can print as another name): rename the file and put it back in the inbox"
        }
        if name.unicodeScalars.contains(where: isControl) {
            return "the file name holds a control character (a newline, tab or escape): rename the file and put it back in the inbox"
        }
        if name.contains("\"") || name.contains("'") || name.contains("`") {
            return "the file name holds a quote: rename the file and put it back in the inbox"
        }
        if name.contains("..") {
            return "the file name holds '..': rename the file and put it back in the inbox"
        }
        return nil
    }

    /// `name` with control characters written as `\n`, `\t` or `\u{1B}`.
    public static func escaped(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where isControl(scalar) || isBidiControl(scalar): text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A name that is safe to file `name` under: control characters, bidirectional
    /// overrides and quotes become `_`, and so does a dot that starts the name or is
    /// followed by another dot (`..csv` → `_.csv`, its extension kept).
    public static func safe(_ name: String) -> String {
        var text = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isControl(scalar) || isBidiControl(scalar) || scalar == "\"" || scalar == "'" || scalar == "`" {
                text += "_"
            } else if scalar == ".", index == 0 || (index + 1 < scalars.count && scalars[index + 1] == ".") {
                text += "_"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text.isEmpty ? "_" : text
    }

    /// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a
    /// name holding one can print as another (`gnp.csv` shown for `vsc.png`).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
