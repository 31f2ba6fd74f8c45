#!/usr/bin/env python3
"""Issue 29's measures on the Swift sources, read as text.

Lists every function (func, init, deinit, subscript, computed property, accessor
block) longer than --function lines, every type body (struct, class, enum, actor,
protocol, extension) longer than --type lines, and every command's run() longer
than --run lines (a `run()` without arguments in a DIR's `penny/` folder). A
declaration's length runs from its keyword's line to its closing brace; comments and
string contents are blanked first, a string's interpolations read as code (a string
inside one, like `"\\(ok ? "{" : "")"`, once put its braces in the count). Exits 1 when
anything is over, so `make measures` (and `make lint`, `make test`) fails.

Usage: scripts/code_measures.py [--function 80] [--type 400] [--run 15] [DIR...]
"""

import argparse
import pathlib
import re
import sys

DECL = re.compile(r"\b(func|init|deinit|subscript|var|struct|class|enum|actor|protocol|extension)\b")
TYPES = {"struct", "class", "enum", "actor", "protocol", "extension"}


def blank_strings_and_comments(text):
    """The text with comments and string contents replaced by spaces (newlines kept).

    An interpolation (`\\(...)`, `\\#(...)` in a raw string) is code: it is read as such, so
    a string inside it (`"\\(ok ? "{" : "}")"`) is blanked too and its braces, quotes and
    words never reach the measures."""
    out = list(text)
    n = len(text)

    def blank(i, j):
        for k in range(i, j):
            if out[k] != "\n":
                out[k] = " "

    def comment_end(i):
        """The end of the comment that starts at i, or None when none starts there."""
        if text.startswith("//", i):
            j = text.find("\n", i)
            return n if j < 0 else j
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            return j
        return None

    def string_start(i):
        """The number of # before the quote of a string literal starting at i, or None."""
        m = re.match(r'#*"', text[i : i + 64])
        if not m or (text[i] == "#" and i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")):
            return None
        return len(m.group(0)) - 1

    def code(i, in_interpolation):
        """Reads code from i; in an interpolation, to just past its closing parenthesis."""
        depth = 0
        while i < n:
            end = comment_end(i)
            if end is not None:
                blank(i, end)
                i = end
                continue
            hashes = string_start(i)
            if hashes is not None:
                i = string(i, hashes)
                continue
            c = text[i]
            if in_interpolation and c == "(":
                depth += 1
            elif in_interpolation and c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
            i += 1
        return n

    def string(i, hashes):
        """Blanks the string literal at i (its interpolations read as code); returns its end."""
        start = i + hashes
        triple = text.startswith('"""', start)
        quote = '"""' if triple else '"'
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        j = start + len(quote)
        piece = j
        while j < n and not text.startswith(close, j):
            if text.startswith(escape, j):
                k = j + len(escape)
                if k < n and text[k] == "(":
                    blank(piece, j)
                    j = piece = code(k + 1, True)
                    continue
                j = k + 1
                continue
            if not triple and text[j] == "\n":
                break
            j += 1
        blank(piece, j)
        return min(n, j + len(close))

    code(0, False)
    return "".join(out)


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def matching_brace(code, open_at):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def body_start(code, after):
    """The offset of the declaration's body brace, or None for a bodiless one."""
    parens = 0
    j = after
    while j < len(code):
        c = code[j]
        if c in "([<" and c != "<":
            parens += 1
        elif c in ")]":
            parens -= 1
        elif parens == 0:
            if c == "{":
                return j
            if c == "}" or c == "=" and code[j + 1 : j + 2] != "=":
                return None
            if c == "\n":
                rest = code[j + 1 :].lstrip(" \t")
                if DECL.match(rest) or re.match(r"(public|private|fileprivate|internal|static|@|mutating|let |case )", rest):
                    return None
        j += 1
    return None


def measure(path):
    text = path.read_text(encoding="utf-8")
    code = blank_strings_and_comments(text)
    found = []
    for match in DECL.finditer(code):
        kind = match.group(1)
        if code[match.start() - 1 : match.start()] == ".":
            continue
        if kind == "var" and not re.match(r"var\s+\w+\s*:[^=\n]*\{\s*$", code[match.start() :].split("\n", 1)[0] + ""):
            continue
        brace = body_start(code, match.end())
        if brace is None:
            continue
        name = re.match(r"\w+\s*([\w.<>]*)", code[match.start() :]).group(1) or kind
        if kind in ("init", "deinit", "subscript"):
            name = kind
        elif kind == "func" and name == "run" and not re.match(r"func\s+run\s*\(\s*\)", code[match.start() :]):
            # Only a command's `run()` takes no arguments; another `run(...)` is any function.
            name = "run(...)"
        first, last = line_of(code, match.start()), line_of(code, matching_brace(code, brace))
        found.append((kind, name, first, last - first + 1))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--function", type=int, default=80)
    parser.add_argument("--type", type=int, default=400)
    parser.add_argument("--run", type=int, default=15)
    parser.add_argument("dirs", nargs="*", default=["Sources"])
    args = parser.parse_args()
    over = []
    for root in args.dirs:
        for path in sorted(pathlib.Path(root).rglob("*.swift")):
            command = "/penny/" in f"/{path.as_posix()}"
            for kind, name, line, length in measure(path):
                limit = args.type if kind in TYPES else args.function
                if command and kind == "func" and name == "run":
                    limit = args.run
                if length > limit:
                    over.append(f"{path}:{line}: {kind} {name} is {length} lines (at most {limit})")
    for row in over:
        print(row)
    print(f"{len(over)} declarations over their limit")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
