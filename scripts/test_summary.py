#!/usr/bin/env python3
"""Runs a `swift build` or `swift test` command and prints what a person needs of it.

Kept: every failure in full (a `✘` line and the `↳` and indented lines under it), one line
per suite (`✔ Suite X passed after ...`), the run's total, compiler errors and warnings with
their excerpts, and any line not known to be noise. Dropped: build progress, each passing
test's start and end, the testing library's banner, and XCTest's empty run ("Executed 0
tests"). The exit status is the command's, and 1 when it printed a failure yet exited 0
(or, with --no-warnings, a compiler warning: the build is to print none).

Usage: scripts/test_summary.py [--no-warnings] COMMAND [ARGUMENT...]   (e.g. swift test)
"""

import re
import subprocess
import sys

NOISE = [
    r"^\[\d+/\d+\] ",  # build progress
    r"^(Building for |Build complete!|Build of product |Compiling |Write |Planning build|Fetching |Computing version|Working copy)",
    r"^◇ ",  # a test or suite started, the run started
    r"^✔ Test (?!run ).* passed after ",  # one passing test
    r"^➜ Test .* skipped",
    r"^↳ (Testing Library Version|Target Platform):",
    r"^Test Suite '.*' (started|passed) at ",  # XCTest's frame around no XCTest tests
    r"^\s*Executed 0 tests, with 0 failures",
]
NOISE_RE = re.compile("|".join("(?:%s)" % pattern for pattern in NOISE))
CONTINUED_START_RE = re.compile(r"^(◇ Test |✔ Test (?!run ))")
CONTINUED_END_RE = re.compile(r"(started\.|passed after [\d.]+ seconds\.)$")
WARNING_RE = re.compile(r"^\S+:\d+:\d+: warning: ")
FAILURE_RE = re.compile(r"^✘ |^error: |^\S+:\d+:\d+: error: |^Test Case .* failed|^\s*Executed \d+ tests?, with [1-9]")


def filtered(lines):
    """The lines worth reading, and whether any of them is a failure."""
    failed = False
    warned = False
    under_failure = False
    # A start or pass line whose test arguments hold line breaks goes on over several lines:
    # they are its noise too, up to the line that ends it.
    continued = False
    for line in lines:
        text = line.rstrip("\n")
        if continued:
            continued = not CONTINUED_END_RE.search(text)
            continue
        if CONTINUED_START_RE.search(text) and not CONTINUED_END_RE.search(text):
            continued = True
            continue
        if under_failure and (text.startswith("↳ ") or text.startswith(" ") or text == ""):
            yield text
            continue
        under_failure = text.startswith("✘ ")
        if FAILURE_RE.search(text):
            failed = True
        if WARNING_RE.search(text):
            warned = True
        if not NOISE_RE.search(text):
            yield text
    filtered.failed = failed
    filtered.warned = warned


def main(command, no_warnings):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    for text in filtered(process.stdout):
        print(text, flush=True)
    status = process.wait()
    if status == 0 and no_warnings and filtered.warned:
        print("failed: the build printed warnings (there are to be none)")
        return 1
    if status == 0 and filtered.failed:
        return 1
    return status


if __name__ == "__main__":
    arguments = sys.argv[1:]
    no_warnings = arguments[:1] == ["--no-warnings"]
    if no_warnings:
        arguments = arguments[1:]
    if not arguments:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(arguments, no_warnings))
