#!/usr/bin/env python3
"""Installs the man pages swift-argument-parser's generate-manual wrote, as Penny's pages.

generate-manual names a page `penny.rules.check.1` and refers to it as `penny.rules.check(1)`,
and its EXIT STATUS is the generic "0 on success, >0 on error". This writes each page as
`penny-rules-check.1` (skipping `help`, which has no page of its own), with a SEE ALSO that
names only pages written here (the parent command and the subcommands), and an EXIT STATUS
with the codes Penny gives (Sources/penny/ExitStatus.swift; SPEC §3; docs/nightly.md).

Usage: scripts/man_pages.py GENERATED_DIR MAN1_DIR
"""

import os
import re
import sys

# The exit codes every command gives (ExitStatus: success, rejectedInput, configuration,
# ledgerUnavailable), then what a command adds or says more precisely.
EXIT_CODES = [
    ("0", "Success."),
    ("1", "A statement file could not be read; nothing of it was imported."),
    ("2", "A usage error, or an error in the options or the rules; nothing was written."),
    ("3", "The ledger is locked by another run, or could not be read or written."),
]
EXIT_CODES_OF = {
    "penny-import": {
        "1": "Some file was rejected (in batch mode: quarantined, with NAME.error.txt beside it); the others were imported.",
        "3": "The ledger was locked or could not be written (nothing imported, nothing moved); or, rarer, the ledger was"
        " written but a statement could not be filed, the folder synced or the --log line appended: the message says which.",
    },
    "penny-csv-guess": {"1": "penny import would not read the file as it stands."},
    "penny-categorize": {"130": "Stopped before the last question: nothing was written."},
    "penny": {"130": "penny categorize was stopped before the last question: nothing was written."},
}


def page_name(generated):
    """penny.rules.check.1 -> penny-rules-check"""
    return generated[: -len(".1")].replace(".", "-")


def exit_status(name):
    codes = dict(EXIT_CODES)
    codes.update(EXIT_CODES_OF.get(name, {}))
    lines = ['.Sh "EXIT STATUS"', ".Bl -tag -width 4n"]
    for code in sorted(codes, key=int):
        lines += [".It " + code, codes[code]]
    return lines + [".El"]


def see_also(name, names):
    parent = name.rsplit("-", 1)[0] if "-" in name else None
    children = sorted(n for n in names if n.rsplit("-", 1)[0] == name and "-" in n)
    references = ([parent] if parent in names else []) + children
    if not references:
        return []
    lines = ['.Sh "SEE ALSO"']
    for index, reference in enumerate(references):
        lines.append(".Xr %s 1%s" % (reference, " ," if index < len(references) - 1 else ""))
    return lines


def rewrite(text, name, names):
    body = text.split('.Sh "EXIT STATUS"')[0].rstrip("\n").split("\n")
    body = [re.sub(r"^\.Dt \S+ 1$", ".Dt %s 1" % name.upper(), line) for line in body]
    return "\n".join(body + exit_status(name) + see_also(name, names)) + "\n"


def main(generated_dir, man_dir):
    pages = {page_name(f): f for f in os.listdir(generated_dir) if f.endswith(".1") and not f.endswith(".help.1")}
    os.makedirs(man_dir, exist_ok=True)
    for name, generated in sorted(pages.items()):
        with open(os.path.join(generated_dir, generated), encoding="utf-8") as source:
            text = rewrite(source.read(), name, set(pages))
        target = os.path.join(man_dir, name + ".1")
        with open(target, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(target, 0o644)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(sys.argv[1], sys.argv[2])
