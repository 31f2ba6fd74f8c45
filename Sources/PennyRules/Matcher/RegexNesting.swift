/// Finds nested unbounded repetition in a regular expression, like `(a+)+`, `(a*)*` or
/// `(\w+\s?)*`: a group repeated without bound that itself holds an unbounded repetition.
/// A backtracking matcher (ICU's) can take exponential time on such a pattern when the
/// text almost matches, so the rules refuse it.
///
/// A scan of the pattern's structure, not a full parser: escapes, `\Q...\E`, character
/// classes, comments and extended-mode white space are skipped; possessive quantifiers
/// (`a++`) and atomic groups (`(?>...)`) do not backtrack and are allowed.
/// - Complexity: O(pattern length).
enum RegexNesting {
    /// The offending piece: where it starts in the pattern (in characters) and its text.
    struct Finding: Equatable {
        let offset: Int
        let text: String
    }

    private struct Group {
        let start: Int
        let isAtomic: Bool
        var repeatsInside = false
    }

    private enum Atom {
        case none, simple
        case group(Group)
    }

    /// The first group repeated without bound that holds an unbounded repetition, or nil.
    static func finding(in pattern: String, extended: Bool) -> Finding? {
        var scan = Scan(chars: Array(pattern), extended: extended)
        while scan.i < scan.chars.count {
            if let finding = scan.step() { return finding }
        }
        return nil
    }

    /// The scan's state: where it is, the groups open, and what the last atom was.
    private struct Scan {
        let chars: [Character]
        /// True in extended mode (white space and `#` comments skipped).
        var extended: Bool
        var stack: [Group] = [Group(start: 0, isAtomic: false)]
        var last = Atom.none
        var i = 0

        /// Reads the token at `i` and moves past it; the finding when it completes one.
        mutating func step() -> Finding? {
            let c = chars[i]
            switch c {
            case "\\": skipEscape()
            case "[":
                i = RegexNesting.endOfClass(chars, from: i)
                last = .simple
            case "(": openGroup()
            case ")": closeGroup()
            case "#" where extended:
                while i < chars.count, chars[i] != "\n" { i += 1 }
            case _ where extended && c.isWhitespace: i += 1
            case "*", "+", "?", "{": return quantify()
            case "|", "^", "$":
                last = .none
                i += 1
            default:
                last = .simple
                i += 1
            }
            return nil
        }

        /// `\x`, or a quoted `\Q...\E` run: one simple atom.
        private mutating func skipEscape() {
            if i + 1 < chars.count, chars[i + 1] == "Q" {
                i += 2
                while i < chars.count, !(chars[i] == "\\" && i + 1 < chars.count && chars[i + 1] == "E") { i += 1 }
            }
            i += 2
            last = .simple
        }

        /// `(`: a comment `(?#...)` is skipped; a group (atomic with `(?>`) is opened, and
        /// inline flags with `x` turn extended mode on from here.
        private mutating func openGroup() {
            if i + 2 < chars.count, chars[i + 1] == "?", chars[i + 2] == "#" {
                while i < chars.count, chars[i] != ")" { i += 1 }
                i += 1
                return
            }
            var isAtomic = false
            if i + 1 < chars.count, chars[i + 1] == "?" {
                var j = i + 2
                isAtomic = j < chars.count && chars[j] == ">"
                while j < chars.count, chars[j].isLetter || chars[j] == "-" {
                    if chars[j] == "x" { extended = true }
                    j += 1
                }
            }
            stack.append(Group(start: i, isAtomic: isAtomic))
            last = .none
            i += 1
        }

        /// `)`: closes the group; one that repeats inside (and is not atomic) makes its
        /// parent repeat inside too.
        private mutating func closeGroup() {
            if stack.count > 1 {
                let group = stack.removeLast()
                if group.repeatsInside && !group.isAtomic { markRepeat() }
                last = .group(group)
            } else {
                last = .simple
            }
            i += 1
        }

        /// A quantifier: an unbounded one after a group that repeats inside is the finding.
        private mutating func quantify() -> Finding? {
            guard let quantifier = RegexNesting.quantifier(chars, at: i) else {
                last = .simple
                i += 1
                return nil
            }
            if quantifier.isUnbounded && !quantifier.isPossessive {
                if case .group(let group) = last, group.repeatsInside, !group.isAtomic {
                    return Finding(offset: group.start, text: String(chars[group.start..<quantifier.end]))
                }
                markRepeat()
            }
            last = .none
            i = quantifier.end
            return nil
        }

        private mutating func markRepeat() { stack[stack.count - 1].repeatsInside = true }
    }

    /// `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}` at `i`, with a lazy `?` or possessive `+`.
    fileprivate static func quantifier(_ chars: [Character], at i: Int) -> (isUnbounded: Bool, isPossessive: Bool, end: Int)? {
        var end = i + 1
        var isUnbounded: Bool
        switch chars[i] {
        case "*", "+": isUnbounded = true
        case "?": isUnbounded = false
        default:
            var j = i + 1
            var text = ""
            while j < chars.count, chars[j] != "}" {
                text.append(chars[j])
                j += 1
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard j < chars.count, (1...2).contains(parts.count), parts[0].allSatisfy(\.isNumber), !parts[0].isEmpty,
                parts.count == 1 || parts[1].allSatisfy(\.isNumber)
            else { return nil }
            isUnbounded = parts.count == 2 && parts[1].isEmpty
            end = j + 1
        }
        var isPossessive = false
        if end < chars.count, chars[end] == "?" || chars[end] == "+" {
            isPossessive = chars[end] == "+"
            end += 1
        }
        return (isUnbounded, isPossessive, end)
    }

    /// The index after the `]` closing the class opened at `start` (classes may nest).
    fileprivate static func endOfClass(_ chars: [Character], from start: Int) -> Int {
        var i = start + 1
        if i < chars.count, chars[i] == "^" { i += 1 }
        if i < chars.count, chars[i] == "]" { i += 1 }
        var depth = 1
        while i < chars.count {
            switch chars[i] {
            case "\\": i += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return i + 1 }
            default: break
            }
            i += 1
        }
        return i
    }
}
