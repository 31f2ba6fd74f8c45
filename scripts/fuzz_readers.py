#!/usr/bin/env python3
"""A mutational fuzz loop over Penny's statement readers, run through the built binary.

    scripts/fuzz_readers.py [--seconds N] [--penny PATH] [--seed S] [--out DIR]

Seeds are the repository's samples and reader fixtures (and ../shared/corpus when it is
beside the checkout); CSV seeds only from samples/, whose profiles rules/ declares. Each round takes a seed, mutates it (bit flips, byte runs, cuts,
duplicated and spliced chunks, hostile tokens: deep nesting, entities, control bytes,
huge numbers) and runs `penny import --dry-run` on it with the repository's rules, every
statement mapped to one declared account; every 25th round imports for real into a fresh
ledger and reads it back with `report summary`. A finding is:

- crash: the process died of a signal (exit >= 128), e.g. a fatalError or a segfault;
- hang: no answer within 10 s (inputs are at most a few hundred KB);
- unexpected exit: anything but 0 (imported) or 1 (rejected with a reason);
- no location: a rejection whose error line does not start with `file:line` (or `file:`
  for what concerns the whole file, e.g. an unrecognized format).

Findings are saved in DIR (default fuzz-out/) with the command's output beside them.
Exit status 1 when anything was found. The run's count of inputs is printed at the end.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = (".csv", ".ofx", ".qfx", ".xml", ".json", ".txt", ".qif", ".sta", ".mt940")
# `file:line[:col]: error:`, or `file: error:` for what concerns the whole file.
LOCATED = re.compile(r"^[^\s:][^:]*(:\d+(:\d+)?)?: (error|warning): ", re.M)
TOKENS = [
    b"<", b">", b"</", b"&", b"&amp;", b"\"", b"'", b";", b",", b"\n", b"\r\n", b"\x00", b"\x1b[31m",
    b"\xc2\x9b", b"\xe2\x80\xae", b"\xff\xfe", b"\xef\xbb\xbf", b"-", b"+", b"9" * 25, b"-0.001",
    b"99999999999999999.99", b"{", b"}", b"[", b"]", b":", b"\\", b"\\\"", b"<!DOCTYPE x [<!ENTITY e \"x\">]>",
    b"&e;", b"<![CDATA[", b"]]>", b"<STMTTRN>", b"</STMTTRN>", b"<Ntry>", b"</Ntry>", b"<TxDtls>",
    b"00000000", b"20241301", b"2024-02-30", b"NaN", b"1e400", b"null", b"true",
]


def seeds():
    """The seed files: samples, reader fixtures, and the shared corpus when present."""
    folders = [os.path.join(ROOT, "samples"), os.path.join(ROOT, "Tests"), os.path.join(ROOT, "..", "shared", "corpus")]
    found = []
    for folder in folders:
        for directory, _, names in os.walk(folder):
            for name in sorted(names):
                path = os.path.join(directory, name)
                # A CSV needs a profile: only the samples have one in rules/.
                is_csv = name.lower().endswith((".csv", ".txt"))
                if is_csv and folder != folders[0]:
                    continue
                if name.lower().endswith(EXTENSIONS) and os.path.getsize(path) < 400_000:
                    found.append(path)
    return found


def nest(rng, data):
    """Deep nesting in the seed's own syntax."""
    depth = rng.choice([100, 1000, 20000])
    if data.lstrip()[:1] in (b"{", b"["):
        return b"[" * depth + b"1" + b"]" * depth
    return data[: len(data) // 2] + b"<a>" * depth + b"x" + b"</a>" * depth + data[len(data) // 2 :]


def mutate(rng, data, pool):
    """One to eight random edits of `data`."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not data:
            data = bytearray(rng.choice(TOKENS))
        kind = rng.randrange(10)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and len(data) > 0:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[at:at] = rng.choice(TOKENS)
        elif kind == 2:
            del data[at : at + rng.randint(1, 64)]
        elif kind == 3:
            data = data[: rng.randrange(len(data) + 1)]
        elif kind == 4:
            start = rng.randrange(len(data) + 1)
            chunk = data[start : start + rng.randint(1, 512)]
            data[at:at] = chunk * rng.randint(1, 20)
        elif kind == 5:
            other = open(rng.choice(pool), "rb").read()
            start = rng.randrange(len(other) + 1)
            data[at:at] = other[start : start + rng.randint(1, 2048)]
        elif kind == 6:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif kind == 7:
            for i in range(len(data)):
                if rng.random() < 0.01 and chr(data[i]).isdigit():
                    data[i] = ord(str(rng.randrange(10)))
        elif kind == 8 and rng.random() < 0.1:
            data = bytearray(nest(rng, bytes(data)))
        else:
            line_starts = [0] + [i + 1 for i, b in enumerate(data) if b == 10]
            a, b = sorted(rng.sample(line_starts, 2)) if len(line_starts) > 1 else (0, 0)
            data[b:b] = data[a:b]
    return bytes(data)


def run(command, cwd):
    """(status, stderr) of one command with the time limit; status None means a hang."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, timeout=10)
        return done.returncode, done.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, ""


def classify(status, stderr):
    """The kind of finding, or None."""
    if status is None:
        return "hang"
    if status < 0 or status >= 128:
        return "crash"
    if status not in (0, 1):
        return "exit-%d" % status
    if status == 1 and not LOCATED.search(stderr):
        return "no-location"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--penny", default=os.path.join(ROOT, ".build", "debug", "penny"))
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--out", default=os.path.join(ROOT, "fuzz-out"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = seeds()
    if not pool:
        sys.exit("no seed files found")
    work = tempfile.mkdtemp(prefix="penny-fuzz-")
    shutil.copytree(os.path.join(ROOT, "rules"), os.path.join(work, "rules"))
    os.makedirs(args.out, exist_ok=True)
    deadline = time.monotonic() + args.seconds
    runs, findings, kinds = 0, 0, {}
    while time.monotonic() < deadline:
        seed = rng.choice(pool)
        name = os.path.basename(seed)
        data = mutate(rng, open(seed, "rb").read(), pool)
        # Keep the seed's name, so the rules' match-file patterns pick the CSV profiles.
        path = os.path.join(work, name)
        with open(path, "wb") as handle:
            handle.write(data)
        ledger = os.path.join(work, "ledger.journal")
        real = runs % 25 == 0
        if os.path.exists(ledger):
            os.remove(ledger)
        command = [args.penny, "import", "--ledger", ledger, "--rules", "rules", "--account", "assets:bank:montepio", name]
        if not real:
            command.insert(2, "--dry-run")
        status, stderr = run(command, work)
        kind = classify(status, stderr)
        if kind is None and real and status == 0:
            status, stderr = run([args.penny, "report", "summary", "--ledger", ledger, "--rules", "rules"], work)
            kind = classify(status, stderr)
            kind = None if kind is None else "report-" + kind
        runs += 1
        if kind:
            findings += 1
            kinds[kind] = kinds.get(kind, 0) + 1
            stem = os.path.join(args.out, "%s-%d-%s" % (kind, runs, name))
            shutil.copy(path, stem)
            with open(stem + ".txt", "w") as note:
                note.write("seed: %s\nstatus: %s\ncommand: %s\n\n%s" % (seed, status, " ".join(command), stderr[:4000]))
            print("finding: %s (%s) from %s -> %s" % (kind, status, os.path.relpath(seed, ROOT), stem), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    summary = ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())) or "none"
    print("fuzz: %d inputs from %d seeds in %.0f s (seed %d); findings: %s" % (runs, len(pool), args.seconds, args.seed, summary))
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
