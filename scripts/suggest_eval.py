#!/usr/bin/env python3
"""Measures `penny uncategorized` category suggestions (issue 27).

Usage: suggest_eval.py --penny BIN --data DIR [--only tuning|holdout] [--markdown FILE]

Each folder of DIR holding rules.rules and ledger.journal (fully categorized) is one data
set. About 30% of its transactions (chosen by sha1 of date + description + amount) are
hidden: their category becomes expenses:uncategorized (money out) or income:uncategorized
(money in) and their rule tag `default`. `BIN uncategorized --json` then runs on that copy;
each hidden transaction is scored by its group's suggestion:
  offered  = the group has a suggestion; correct = the suggestion is the hidden category.
Coverage = offered / hidden (target >= 60%); precision = correct / offered (target >= 95%).

Data sets are split once and for all by name: holdout when int(sha1(name), 16) % 3 == 0,
tuning otherwise. Tune the suggester on tuning; look at holdout only to confirm.
"""
import argparse
import collections
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

HEADER = re.compile(r"^(\d{4}-\d{2}-\d{2})\s+(?:[*!]\s+)?(.*)$")
POSTING = re.compile(r"^(\s+)(\S(?:.*?\S)?)(\s{2,}|\t)(\s*-?[\d.,]+\s*\S*)\s*$")
TARGET_PRECISION, TARGET_COVERAGE = 95.0, 60.0


def normalize(description):
    """Roughly Penny's group key: folded, words holding a digit as '#'."""
    text = unicodedata.normalize("NFKD", description.lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    words = ["#" if any(ch.isdigit() for ch in w) else w for w in text.split()]
    return " ".join(w for k, w in enumerate(words) if not (w == "#" and k and words[k - 1] == "#"))


def split_of(name):
    return "holdout" if int(hashlib.sha1(name.encode()).hexdigest(), 16) % 3 == 0 else "tuning"


def own_accounts(rules_path):
    accounts = set()
    for line in open(rules_path, encoding="utf-8"):
        m = re.match(r"^account\s+(\S+)", line)
        if m:
            accounts.add(m.group(1))
    return accounts


def hide(ledger_path, own, out_path):
    """Writes the ledger with ~30% of transactions uncategorized; returns {header line: truth}."""
    lines = open(ledger_path, encoding="utf-8").read().split("\n")
    hidden, total, visible = {}, 0, set()
    i = 0
    while i < len(lines):
        m = HEADER.match(lines[i])
        if not m:
            i += 1
            continue
        start, j = i, i + 1
        while j < len(lines) and lines[j][:1] in (" ", "\t") and lines[j].strip():
            j += 1
        body = list(range(start + 1, j))
        postings = [(k, POSTING.match(lines[k])) for k in body if not lines[k].strip().startswith(";")]
        postings = [(k, p) for k, p in postings if p]
        i = j
        if len(postings) != 2:
            continue
        own_idx = [n for n, (_, p) in enumerate(postings) if p.group(2) in own]
        if not own_idx:
            continue
        total += 1
        oi = own_idx[-1]
        ok, op = postings[oi]
        ck, cp = postings[1 - oi]
        amount = op.group(4).strip()
        digest = hashlib.sha1(f"{m.group(1)}{m.group(2)}{amount}".encode()).hexdigest()
        if int(digest, 16) % 10 >= 3:
            visible.add(normalize(m.group(2)))
            continue
        truth = cp.group(2)
        placeholder = "expenses:uncategorized" if amount.startswith("-") else "income:uncategorized"
        lines[ck] = f"{cp.group(1)}{placeholder:<40} {cp.group(4).strip():>12}"
        tagged = False
        for k in body:
            if re.match(r"^\s+;\s*rule:", lines[k]):
                lines[k] = re.sub(r"rule:.*$", "rule: default", lines[k])
                tagged = True
        if not tagged:
            lines.insert(start + 1, "    ; rule: default")  # not reached for Penny ledgers
        hidden[start + 1] = {"truth": truth, "description": m.group(2), "amount": amount, "date": m.group(1)}
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    for h in hidden.values():
        h["new"] = normalize(h["description"]) not in visible
    return hidden, total


def evaluate(penny, folder, name, tmp):
    own = own_accounts(os.path.join(folder, "rules.rules"))
    ledger = os.path.join(tmp, f"{name}.journal")
    hidden, total = hide(os.path.join(folder, "ledger.journal"), own, ledger)
    run = subprocess.run(
        [penny, "uncategorized", "--json", "--rules", os.path.join(folder, "rules.rules"), "--ledger", ledger],
        capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{name}: penny failed ({run.returncode}): {run.stderr.strip()}")
    doc = json.loads(run.stdout)
    suggestion_at = {}
    for group in doc["groups"]:
        for t in group["transactions"]:
            suggestion_at[t["line"]] = group["suggestion"]
    offered = correct = missing = new = new_offered = new_correct = 0
    wrong = collections.Counter()
    for line, h in hidden.items():
        if line not in suggestion_at:
            missing += 1
            continue
        s = suggestion_at[line]
        new += h["new"]
        if s is None:
            continue
        offered += 1
        new_offered += h["new"]
        if s == h["truth"]:
            correct += 1
            new_correct += h["new"]
        else:
            wrong[(h["description"], h["amount"], h["truth"], s)] += 1
    return {"name": name, "split": split_of(name), "transactions": total, "hidden": len(hidden), "offered": offered,
            "correct": correct, "missing": missing, "new": new, "new_offered": new_offered, "new_correct": new_correct, "examples": doc["examples"], "wrong": wrong}


def pct(a, b):
    return 100.0 * a / b if b else 0.0


def summary_row(label, rs):
    hidden = sum(r["hidden"] for r in rs)
    offered = sum(r["offered"] for r in rs)
    correct = sum(r["correct"] for r in rs)
    new, new_offered, new_correct = (sum(r[k] for r in rs) for k in ("new", "new_offered", "new_correct"))
    return {"new": new, "new_coverage": pct(new_offered, new), "new_precision": pct(new_correct, new_offered),"label": label, "transactions": sum(r["transactions"] for r in rs), "hidden": hidden, "offered": offered,
            "correct": correct, "coverage": pct(offered, hidden), "precision": pct(correct, offered)}


def line_text(row):
    return (f"{row['label']:<22} {row['transactions']:>6} {row['hidden']:>7} {row['offered']:>8} {row['correct']:>8} "
            f"{row['coverage']:>9.1f}% {row['precision']:>9.1f}%   {row['new']:>5} {row['new_coverage']:>7.1f}% {row['new_precision']:>7.1f}%")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--penny", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--only", choices=["tuning", "holdout"])
    ap.add_argument("--markdown")
    ap.add_argument("--wrong", type=int, default=15, help="wrong suggestions listed per data set (default 15)")
    a = ap.parse_args()

    folders = sorted(d for d in os.listdir(a.data)
                     if os.path.isfile(os.path.join(a.data, d, "rules.rules")) and os.path.isfile(os.path.join(a.data, d, "ledger.journal")))
    if a.only:
        folders = [d for d in folders if split_of(d) == a.only]
    if not folders:
        sys.exit(f"no data sets in {a.data}")
    results = []
    with tempfile.TemporaryDirectory(prefix="suggest-eval-") as tmp:
        for d in folders:
            results.append(evaluate(a.penny, os.path.join(a.data, d), d, tmp))

    head = f"{'data set':<22} {'txns':>6} {'hidden':>7} {'offered':>8} {'correct':>8} {'coverage':>10} {'precision':>10}   {'new':>5} {'new cov':>8} {'new prec':>8}"
    print(head)
    print("-" * len(head))
    rows = []
    for r in results:
        row = summary_row(f"{r['name']} ({r['split'][0]})", [r])
        rows.append(row)
        print(line_text(row))
    print("-" * len(head))
    totals = []
    for split in ("tuning", "holdout"):
        rs = [r for r in results if r["split"] == split]
        if rs:
            totals.append(summary_row(split, rs))
    totals.append(summary_row("overall", results))
    for row in totals:
        print(line_text(row))
    print("new = hidden transactions whose description (numbers aside) no visible transaction has")
    print(f"targets: precision >= {TARGET_PRECISION:.0f}%, coverage >= {TARGET_COVERAGE:.0f}%")
    if any(r["missing"] for r in results):
        print("warning: hidden transactions penny did not list: "
              + ", ".join(f"{r['name']} {r['missing']}" for r in results if r["missing"]))

    for r in results:
        if not r["wrong"]:
            continue
        n = sum(r["wrong"].values())
        print(f"\n{r['name']}: {n} wrong suggestion{'s' if n != 1 else ''}")
        for (desc, amount, truth, sugg), count in r["wrong"].most_common(a.wrong):
            print(f"  {count:>3}x  {desc[:48]:<48} {amount:>14}  truth {truth}  suggested {sugg}")

    if a.markdown:
        with open(a.markdown, "w", encoding="utf-8") as f:
            f.write("| data set | split | transactions | hidden | offered | correct | coverage | precision | new | new coverage | new precision |\n")
            f.write("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
            for r, row in zip(results, rows):
                f.write(f"| {r['name']} | {r['split']} | {row['transactions']} | {row['hidden']} | {row['offered']} | "
                        f"{row['correct']} | {row['coverage']:.1f}% | {row['precision']:.1f}% | {row['new']} | {row['new_coverage']:.1f}% | {row['new_precision']:.1f}% |\n")
            for row in totals:
                f.write(f"| **{row['label']}** | | {row['transactions']} | {row['hidden']} | {row['offered']} | "
                        f"{row['correct']} | {row['coverage']:.1f}% | {row['precision']:.1f}% | {row['new']} | {row['new_coverage']:.1f}% | {row['new_precision']:.1f}% |\n")
            f.write("\n'new': hidden transactions whose description (numbers aside) no visible transaction has.\n")
            f.write(f"\nTargets: precision >= {TARGET_PRECISION:.0f}%, coverage >= {TARGET_COVERAGE:.0f}%.\n")


if __name__ == "__main__":
    main()
