#!/usr/bin/env python3
"""Kills Penny with SIGKILL at random instants and checks that nothing is ever corrupt.

    scripts/kill_harness.py [--points N] [--penny PATH] [--seed S] [--rows R] [--only NAME]

Six scenarios, each on a fresh copy of samples/ and rules/ plus a generated statement of
R rows (default 20,000) so that a run lasts long enough to be hit anywhere:

- import:        `penny import` of the samples and the big statement;
- batch:         `penny import --inbox` of the same files, then filing;
- recategorize:  `penny recategorize` after a rules edit;
- roundup-apply: `penny roundup apply` of a `later` program;
- reimport:      `penny import` of the same files again (all duplicates): the ledger stays,
                 the index sidecar is written;
- import-more:   `penny import` of the big statement into a ledger imported twice before
                 (with `PENNY_LEDGER_BASE_MINIMUM=0` in the environment, a debug build
                 writes it through the old version kept beside the ledger: docs/ledger.md).

Each point runs the scenario, kills it after a random delay within its measured duration,
and checks:
- the ledger is byte-identical to the ledger before the command or after it;
- after any next command (`penny report summary`), the derived round-ups journal equals
  what a clean run derives from that ledger;
- batch: every statement is in exactly one place: the inbox, or the archive with its
  transactions in the ledger, or the quarantine;
- the ledger's index sidecar, if one is left, is never trusted for another ledger: a dry-run
  import answers the same with it as without it;
- running the command again completes and gives exactly the "after" ledger.
Prints one line per scenario and "N passed, N failed"; exit 1 on any failure.
"""

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(penny, args, cwd, check=True):
    done = subprocess.run([penny] + args, cwd=cwd, capture_output=True, text=True)
    if check and done.returncode not in (0, 1):
        raise RuntimeError("%s failed (%d): %s" % (" ".join(args), done.returncode, done.stderr[-2000:]))
    return done


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


class Scenario:
    """A workspace factory, the command to kill, and how to reach its before state."""

    def __init__(self, name, penny, rows, seed):
        self.name, self.penny, self.rows, self.seed = name, penny, rows, seed

    def workspace(self):
        w = tempfile.mkdtemp(prefix="penny-kill-%s-" % self.name)
        # March's statements only (samples/history/ holds the months after it).
        shutil.copytree(os.path.join(ROOT, "samples"), os.path.join(w, "samples"), ignore=shutil.ignore_patterns("history"))
        shutil.copytree(os.path.join(ROOT, "rules"), os.path.join(w, "rules"))
        big = os.path.join(w, "big")
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate_bench.py"), big, str(self.rows), "20"], check=True, capture_output=True)
        # The generated statement uses the montepio layout; file it under the montepio account.
        shutil.copy(os.path.join(big, "bench-montepio.csv"), os.path.join(w, "samples", "zz-montepio-big.csv"))
        shutil.rmtree(big)
        if self.name == "roundup-apply":
            with open(os.path.join(w, "rules", "roundups.rules"), "a") as f:
                f.write("\nroundup later-change\n  from assets:bank:aib\n  pot assets:savings:later\n  apply later\n  to assets:bank:savings 100%\n")
        if self.name == "batch":
            os.makedirs(os.path.join(w, "inbox"))
            for name in os.listdir(os.path.join(w, "samples")):
                shutil.move(os.path.join(w, "samples", name), os.path.join(w, "inbox", name))
            past = time.time() - 3600
            for name in os.listdir(os.path.join(w, "inbox")):
                os.utime(os.path.join(w, "inbox", name), (past, past))
        if self.name in ("recategorize", "roundup-apply", "reimport"):
            run(self.penny, ["import", "samples"], w)
        if self.name == "import-more":
            os.makedirs(os.path.join(w, "more"))
            shutil.move(os.path.join(w, "samples", "zz-montepio-big.csv"), os.path.join(w, "more", "zz-montepio-big.csv"))
            shutil.copy(os.path.join(ROOT, "samples", "history", "montepio-2024-04.csv"), os.path.join(w, "montepio-2024-04.csv"))
            run(self.penny, ["import", "samples"], w)
            run(self.penny, ["import", "montepio-2024-04.csv"], w)
        if self.name == "recategorize":
            with open(os.path.join(w, "rules", "categories.rules"), "r+") as f:
                text = f.read().replace("expenses:food:groceries", "expenses:food:supermarket")
                f.seek(0)
                f.write(text)
                f.truncate()
        return w

    def command(self):
        return {
            "import": ["import", "samples"],
            "reimport": ["import", "samples"],
            "import-more": ["import", "more"],
            "batch": ["import", "--inbox", "inbox", "--archive", "archive", "--quarantine", "quarantine", "--settle", "0"],
            "recategorize": ["recategorize"],
            "roundup-apply": ["roundup", "apply", "later-change", "--date", "2024-12-31"],
        }[self.name]


def places(w):
    """Where each statement is: inbox, archive or quarantine (batch scenario)."""
    found = {}
    for folder in ("inbox", "archive", "quarantine"):
        for directory, _, names in os.walk(os.path.join(w, folder)):
            for name in names:
                if name.endswith(".error.txt"):
                    continue
                found.setdefault(name, []).append(folder)
    return found


def derived(w):
    """The derived journal's entries (comment lines and an absent file count as empty)."""
    text = read(os.path.join(w, "ledger.journal.roundups.journal")) or b""
    return [line for line in text.split(b"\n") if line.strip() and not line.startswith(b";")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--points", type=int, default=300)
    parser.add_argument("--penny", default=os.path.join(ROOT, ".build", "debug", "penny"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--only", help="one scenario (by name) instead of all")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = ["import", "batch", "recategorize", "roundup-apply", "reimport", "import-more"]
    if args.only:
        names = [args.only]
    passed = failed = 0
    for name in names:
        scenario = Scenario(name, args.penny, args.rows, args.seed)
        # The reference: the ledger before, the ledger after, and each's derived journal.
        w = scenario.workspace()
        before = read(os.path.join(w, "ledger.journal"))
        start = time.monotonic()
        run(args.penny, scenario.command(), w)
        duration = time.monotonic() - start
        after = read(os.path.join(w, "ledger.journal"))
        run(args.penny, ["report", "summary"], w)
        derived_after = derived(w)
        shutil.rmtree(w)
        w = scenario.workspace()
        if before is not None:
            run(args.penny, ["report", "summary"], w)
        derived_before = derived(w)
        template = w
        outcomes = {"before": 0, "after": 0}
        for point in range(args.points // len(names)):
            w = tempfile.mkdtemp(prefix="penny-kill-point-")
            shutil.rmtree(w)
            shutil.copytree(template, w, symlinks=True)
            delay = rng.uniform(0, duration * 1.1)
            process = subprocess.Popen([args.penny] + scenario.command(), cwd=w, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            process.send_signal(signal.SIGKILL)
            process.wait()
            problems = []
            ledger = read(os.path.join(w, "ledger.journal"))
            if ledger == before:
                outcomes["before"] += 1
                state = "before"
            elif ledger == after:
                outcomes["after"] += 1
                state = "after"
            else:
                problems.append("ledger is neither before nor after")
                state = None
            if name == "batch":
                for statement, where in places(w).items():
                    if len(where) != 1:
                        problems.append("%s is in %s" % (statement, where))
                    elif where == ["archive"] and state == "before":
                        problems.append("%s archived but the ledger is the one before" % statement)
            index = os.path.join(w, ".ledger.journal.penny-index")
            if os.path.exists(index) and name != "batch":
                with_index = run(args.penny, ["import", "--dry-run", "samples"], w, check=False).stdout
                os.rename(index, index + ".aside")
                without_index = run(args.penny, ["import", "--dry-run", "samples"], w, check=False).stdout
                os.rename(index + ".aside", index)
                if with_index != without_index:
                    problems.append("a dry run answers differently with the index sidecar than without it")
            run(args.penny, ["report", "summary"], w, check=False)
            expected_derived = derived_before if state == "before" else derived_after
            if state and derived(w) != expected_derived:
                problems.append("derived round-ups journal out of step with the %s ledger" % state)
            run(args.penny, scenario.command(), w, check=False)
            if read(os.path.join(w, "ledger.journal")) != after:
                problems.append("running the command again did not give the after ledger")
            if problems:
                failed += 1
                print("FAIL %s point %d (killed after %.3f s): %s (kept in %s)" % (name, point, delay, "; ".join(problems), w), flush=True)
            else:
                passed += 1
                shutil.rmtree(w)
        shutil.rmtree(template)
        print("%s: %d kills (%d before, %d after), command takes %.2f s" % (name, args.points // len(names), outcomes["before"], outcomes["after"], duration), flush=True)
    print("kill harness: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
