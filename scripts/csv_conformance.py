#!/usr/bin/env python3
"""No-profile CSV conformance against a set of public bank exports with facts derived
without Penny (see docs/conformance.md).

Usage: scripts/csv_conformance.py [--penny PENNY] [--set DIR] [--markdown FILE] [--only tuning|holdout] [--batch N]

DIR (default conformance/csv) holds manifest.json (a list of {id, file, count, sum,
transactions: [[date, amount]...], is_card, holdout, ...}) and files/<file>. Each file is imported, alone, into a fresh ledger
whose rules declare one account (`type card` for a card export) and nothing else: no csv
profile, no --account. Penny's (date, amount) pairs are read back from the ledger and
compared with the facts as multisets:

  exact     every transaction, to the day and the cent
  refused   nothing imported (exit 1), with the reason Penny gave
  date-col  every amount exact, some dates taken from another date column of the file
            (Penny books the booking date where a file has several)
  WRONG     imported, but the amounts differ: the one outcome that must never happen

The tuning and holdout shares are reported apart: the holdout files were set aside before
the sniffer was changed against the others, so their share says whether it generalizes.
"""
import argparse, json, os, re, subprocess, sys, tempfile
from collections import Counter
from decimal import Decimal

ACCOUNT = "assets:bank:test"


def penny_transactions(penny, path, is_card, currency):
    """(status, [(date, Decimal)], message) for one import with one declared account."""
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(f"{d}/rules")
        kind = "  type card\n" if is_card else ""
        account = "liabilities:card:test" if is_card else ACCOUNT
        with open(f"{d}/rules/accounts.rules", "w") as f:
            f.write(f"default currency {currency}\n\naccount {account}\n{kind}")
        p = subprocess.run([penny, "import", "--ledger", f"{d}/l.journal", "--rules", f"{d}/rules", path], capture_output=True, text=True)
        out = p.stdout + p.stderr
        if p.returncode != 0:
            reason = next((l for l in out.splitlines() if "error:" in l), out.strip().splitlines()[0] if out.strip() else "")
            return p.returncode, [], reason
        found, date = [], None
        for line in open(f"{d}/l.journal", encoding="utf-8"):
            m = re.match(r"(\d{4}-\d{2}-\d{2}) ", line)
            if m:
                date = m.group(1)
                continue
            m = re.match(r"\s+" + re.escape(account) + r"\s+(-?[\d.]+) ", line)
            if m and date:
                found.append((date, Decimal(m.group(1))))
        # A 0.00 row (a notice: "Kwijtschelding", a quarterly ABSCHLUSS) moves no money; the
        # facts leave such rows out and Penny books them as written, so they are not compared.
        return 0, [t for t in found if t[1] != 0], out


def main():
    a = argparse.ArgumentParser()
    a.add_argument("--penny", default=".build/release/penny" if os.path.exists(".build/release/penny") else ".build/debug/penny")
    a.add_argument("--set", default="conformance/csv")
    a.add_argument("--markdown")
    a.add_argument("--only", choices=["tuning", "holdout"])
    a.add_argument("--batch", type=int, help="only the files collected in this batch (an entry without 'batch' is batch 1)")
    args = a.parse_args()
    manifest = json.load(open(os.path.join(args.set, "manifest.json")))
    rows, tally = [], {"tuning": Counter(), "holdout": Counter()}
    for entry in manifest:
        share = "holdout" if entry.get("holdout") else "tuning"
        if args.only and share != args.only:
            continue
        if args.batch is not None and entry.get("batch", 1) != args.batch:
            continue
        path = os.path.join(args.set, "files", entry.get("file", entry["id"]))
        expected = Counter((d, Decimal(v)) for d, v in entry["transactions"])
        status, got, message = penny_transactions(args.penny, path, entry.get("is_card", False), entry.get("currency") or "EUR")
        if status != 0:
            outcome = "refused"
            detail = message.split("error: ", 1)[-1][:220]
        elif Counter(got) == expected:
            outcome = "exact"
            detail = f"{len(got)} transactions"
        elif sorted(v for _, v in got) == sorted(v for _, v in expected.elements()):
            # Every amount right, some dates from another of the file's date columns (Penny
            # books the booking date; the facts may take the transaction date).
            outcome = "date-col"
            moved = Counter(got) - expected
            detail = f"amounts exact; {sum(moved.values())} dates differ, e.g. {list(moved.elements())[:2]}"
        else:
            outcome = "WRONG"
            missing = expected - Counter(got)
            extra = Counter(got) - expected
            detail = f"expected {len(expected)} got {len(got)}; missing {list(missing.elements())[:3]} extra {list(extra.elements())[:3]}"
        tally[share][outcome] += 1
        rows.append((share, entry["id"], entry.get("bank", ""), entry.get("country", ""), outcome, detail))
        print(f"{share:8} {outcome:8} {entry['id']}: {detail}", flush=True)
    lines = []
    for share in ["tuning", "holdout"]:
        t = tally[share]
        n = sum(t.values())
        if n:
            lines.append(f"{share}: {n} files, {t['exact']} exact ({100 * t['exact'] // n}%), {t['date-col']} amounts exact with another date column, {t['refused']} refused, {t['WRONG']} WRONG")
    print("\n".join(lines))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write("\n".join(f"- {l}" for l in lines) + "\n\n| share | file | bank | country | outcome | detail |\n|---|---|---|---|---|---|\n")
            for r in rows:
                f.write("| " + " | ".join(x.replace("|", "\\|") for x in r) + " |\n")
    return 1 if any(t["WRONG"] for t in tally.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
