import Foundation
import PennyCore

/// Chooses the CSV profile for a file: by file-name glob, else by the first line's text.
struct CSVProfileMatcher {
    let profiles: [CSVProfile]

    /// The first profile (rules order) whose `match-file` or `match-header` fits.
    func profile(for probe: FileProbe) -> CSVProfile? {
        profiles.first { profile in
            profile.fileGlobs.contains { Glob.matches($0, probe.fileName) }
                || profile.headerMatches.contains { headerLine(probe, profile.encoding).contains(TextKey.fold($0)) }
        }
    }

    /// The file's first line, decoded and folded.
    private func headerLine(_ probe: FileProbe, _ encoding: CSVProfile.Encoding) -> String {
        var bytes = probe.head
        if encoding == .utf16, var transcoder = try? UTF16Transcoder(bom: bytes, displayName: "") {
            bytes = transcoder.transcode(Array(bytes.dropFirst(2)))
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        let text =
            TextDecoder(encoding: encoding == .utf16 ? .utf8 : encoding).decode(line)
            ?? String(decoding: line, as: UTF8.self)
        return TextKey.fold(text)
    }
}

/// Shell-style globs (`*`, `?`) against file names, ignoring case.
enum Glob {
    /// True when `name` matches `pattern`.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern.lowercased(), name.lowercased(), 0) == 0
    }
}
