import Foundation
import PennyCore

/// `include PATH`: another rules file parsed in place, each file once, cycles refused.
extension RulesParser {
    /// `include PATH`: another rules file, relative to this one, parsed in place.
    mutating func include(_ head: RuleLine, _ body: [RuleLine]) {
        rejectBody(body, of: "include")
        // An unquoted path is the rest of the line when it has no space: `/home/ana/x.rules`
        // would otherwise start a regular expression.
        let rest = head.text.trimmingCharacters(in: .whitespaces).dropFirst("include".count).trimmingCharacters(in: .whitespaces)
        let bare = !rest.isEmpty && !rest.hasPrefix("\"") && !rest.contains(where: { $0 == " " || $0 == "\t" || $0 == "#" })
        guard head.tokens.count == 2 || bare else {
            fail("expected 'include PATH' (quote paths with spaces)", head, head.tokens.last!)
            return
        }
        let target = bare ? rest : head.tokens[1].text
        let path =
            target.hasPrefix("/")
            ? target
            : (head.file as NSString).deletingLastPathComponent.isEmpty
                ? target : ((head.file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        let normalized = (path as NSString).standardizingPath
        // The boundary: a relative include stays under the folder of the rules it starts
        // from, and only rules files are read (an error would echo another file's lines).
        if !target.hasPrefix("/"), let root = fileStack.first.map(Self.folder), !Self.folder(of: path, isUnder: root) {
            fail("'\(target)' is outside the rules folder (\(root)): include files under it, or give an absolute path", head, head.tokens[1])
            return
        }
        guard normalized.hasSuffix(".rules") else {
            fail("'\(target)' is not a .rules file: include only rules files", head, head.tokens[1])
            return
        }
        if fileStack.contains(where: { ($0 as NSString).standardizingPath == normalized }) {
            fail("'\(target)' includes itself (through \(fileStack.joined(separator: " -> ")))", head, head.tokens[1])
            return
        }
        if parsedFiles.contains(normalized) { return }
        guard let text = readFile(path) else {
            fail("cannot read included file '\(path)'", head, head.tokens[1])
            return
        }
        parse(text, file: path)
    }

    /// The absolute, standardized folder of a file.
    static func folder(_ file: String) -> String {
        let absolute = file.hasPrefix("/") ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        return ((absolute as NSString).deletingLastPathComponent as NSString).standardizingPath
    }

    /// True when `path` (absolute or relative to the working folder) is inside `root`.
    static func folder(of path: String, isUnder root: String) -> Bool {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        let standard = (absolute as NSString).standardizingPath
        return standard.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
