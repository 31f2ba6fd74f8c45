import Foundation
import PennyCore

/// Chooses the CSV profile for a file: by file-name glob, else by the first line's text.
struct CSVProfileMatcher {
    let profiles: [CSVProfile]

    /// The first profile (rules order) whose `match-file` or `match-header` fits.
    func profile(for probe: FileProbe) -> CSVProfile? {
        profiles.first { profile in
            profile.fileGlobs.contains { Glob.matches($0, probe.fileName) }
                || profile.headerMatches.contains { text in
                    headerLines(probe, profile).contains { $0.contains(TextKey.fold(text)) }
                }
        }
    }

    /// The file's first line and the line that names the columns (`header-lines N`), each
    /// as parsed: quotes removed (a doubled quote is one quote), decoded and folded.
    private func headerLines(_ probe: FileProbe, _ profile: CSVProfile) -> [String] {
        let lines = decodedHead(probe, profile.encoding).split(separator: "\n", omittingEmptySubsequences: false)
        var picked = [lines.first ?? ""]
        if profile.headerLines > 1, lines.count >= profile.headerLines { picked.append(lines[profile.headerLines - 1]) }
        return picked.map { line in
            TextKey.fold(line.replacingOccurrences(of: "\"\"", with: "\u{1}").replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "\u{1}", with: "\""))
        }
    }

    /// The probe's bytes decoded with the profile's encoding, line ends as `\n`.
    private func decodedHead(_ probe: FileProbe, _ encoding: CSVProfile.Encoding) -> String {
        var bytes = probe.head
        if encoding == .utf16, var transcoder = try? UTF16Transcoder(bom: bytes, displayName: "") {
            bytes = transcoder.transcode(Array(bytes.dropFirst(2)))
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        let decoder = TextDecoder(encoding: encoding == .utf16 ? .utf8 : encoding)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            let trimmed = line.last == 0x0D ? line.dropLast() : line
            return decoder.decode(trimmed) ?? String(decoding: trimmed, as: UTF8.self)
        }
        return lines.joined(separator: "\n")
    }
}

/// Shell-style globs (`*`, `?`) against file names, ignoring case.
enum Glob {
    /// True when `name` matches `pattern`.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern.lowercased(), name.lowercased(), 0) == 0
    }
}
