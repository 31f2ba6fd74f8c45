#!/usr/bin/env python3
"""Zero-configuration CSV conformance: import each corpus CSV with only an account
declaration (no csv profile) and compare with facts computed here, independently of
Penny, with Python's csv, datetime and decimal modules from a hand-read description of
each file (SPEC below: what a person reading the file says its transactions are).

Usage: scripts/sniff_corpus.py [PENNY] [CORPUS_DIR]   (defaults: .build/debug/penny, ../shared/corpus/csv)
Prints one line per file and the share that imports exactly (count, sum, first/last date).
"""
import csv, io, os, re, subprocess, sys, tempfile
from datetime import datetime
from decimal import Decimal

PENNY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/penny"
CORPUS = sys.argv[2] if len(sys.argv) > 2 else "../shared/corpus/csv"

def num(text, comma=False):
    t = re.sub(r"[^0-9,.\-+()]", "", text.strip())
    if t.startswith("(") and t.endswith(")"): t = "-" + t[1:-1]
    if comma: t = t.replace(".", "").replace(",", ".")
    else: t = t.replace(",", "")
    return Decimal(t)

# file: (encoding, delimiter, header rows to skip, row filter, date(row), amount(row)).
# A row filter returns False for rows that are not transactions (balance lines, pending).
SPEC = {
    "actual/data-payee-memo.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%Y-%m-%d"), lambda r: num(r[1])),
    "actual/utf-8-bom.csv": ("utf-8-sig", ",", 1, None, lambda r: (r[2], "%Y.%m.%d"), lambda r: num(r[3])),
    "actual/windows-1252-euro.csv": ("cp1252", ",", 1, None, lambda r: (r[0], "%Y.%m.%d"), lambda r: num(r[2])),
    "actual/windows-1252.csv": ("cp1252", ",", 1, None, lambda r: (r[0], "%Y.%m.%d"), lambda r: num(r[2])),
    "beancount-import/creditcard.csv": ("utf-8", ",", 2, None, lambda r: (r[0], "%Y-%m-%d"), lambda r: num(r[2])),
    "beancount_reds_importers/Main_Checking_Account_Transactions.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%m/%d/%Y"), lambda r: num(r[3])),
    "beancount_reds_importers/schwab_XXX234_Checking_Transactions_20220203.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%m/%d/%Y"),
        lambda r: (num(r[6]) if r[6] else 0) - (num(r[5]) if r[5] else 0)),
    "beangulp/statement.csv": ("utf-8", ",", 1, None, lambda r: (r[1], "%m/%d/%Y"), lambda r: num(r[3])),
    "c-vigo-beancount-importers/n26/N26_Sample.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%Y-%m-%d"), lambda r: num(r[7])),
    "c-vigo-beancount-importers/neon/Neon_Sample.csv": ("utf-8", ";", 1, None, lambda r: (r[0], "%Y-%m-%d"), lambda r: num(r[1])),
    "c-vigo-beancount-importers/zkb/ZKB_Sample.csv": ("utf-8-sig", ";", 1, None, lambda r: (r[0], "%d.%m.%Y"),
        lambda r: (num(r[7]) if r[7] else 0) - (num(r[6]) if r[6] else 0)),
    "hledger/csb43.csv": ("utf-8", ",", 1, None, lambda r: (r[23], "%Y-%m-%d"), lambda r: num(r[25])),
    "hledger/paypal-custom.csv": ("utf-8", ",", 1, lambda r: r[5] != "Pending", lambda r: (r[0], "%m/%d/%Y"), lambda r: num(r[9])),
    "hledger/sample.fr.cp1252.csv": ("cp1252", ",", 1, None, lambda r: (r[0], "%Y/%m/%d"), lambda r: num(r[2])),
    "hledger/sample.fr.iso88591.csv": ("latin-1", ",", 1, None, lambda r: (r[0], "%Y/%m/%d"), lambda r: num(r[2])),
    "hledger/sample.fr.utf8.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%Y/%m/%d"), lambda r: num(r[2])),
    "hledger/t.iso8859-1.csv": ("latin-1", ",", 0, None, lambda r: (r[0], "%Y-%m-%d"), lambda r: num(r[2])),
    "oca-bank-statement-import/debit_credit.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%m/%d/%Y"),
        lambda r: abs(num(r[2])) * (-1 if r[3] == "D" else 1)),
    "oca-bank-statement-import/meta_data_separated_credit_debit.csv": ("utf-8", ",", 5, lambda r: r[0] != "Balance at start of period",
        lambda r: (r[0], "%d/%m/%y"), lambda r: (num(r[4], True) if r[4] else 0) - abs(num(r[3], True) if r[3] else 0)),
    "oca-bank-statement-import/sample_statement_en.csv": ("utf-8", ",", 1, None, lambda r: (r[0], "%m/%d/%Y"), lambda r: num(r[3])),
    "ofxstatement-de-ing/test_with_saldo_1.csv": ("latin-1", ";", 15, None, lambda r: (r[0], "%d.%m.%Y"), lambda r: num(r[7], True)),
    "ofxstatement-de-ing/test_without_saldo_1.csv": ("latin-1", ";", 14, None, lambda r: (r[0], "%d.%m.%Y"), lambda r: num(r[5], True)),
    "ofxstatement-revolut/2022-january.csv": ("utf-8", ",", 1, lambda r: r[8] == "COMPLETED", lambda r: (r[3], "%Y-%m-%d %H:%M:%S"), lambda r: num(r[5])),
    "reckon/austrian_example.csv": ("utf-8", ";", 0, None, lambda r: (r[2], "%d.%m.%Y"), lambda r: num(r[4], True)),
    "reckon/bom_utf8_file.csv": ("utf-8-sig", ",", 1, None, lambda r: (r[0], "%m/%d/%Y"), lambda r: num(r[9])),
    "reckon/danish_kroner_nordea_example.csv": ("utf-8", ";", 0, None, lambda r: (r[0], "%d-%m-%Y"), lambda r: num(r[3], True)),
    "reckon/extratofake.csv": ("latin-1", ",", 1, lambda r: r[2] != "Saldo Anterior", lambda r: (r[0], "%m/%d/%Y"), lambda r: num(r[5])),
    "reckon/french_example.csv": ("utf-8", ";", 0, None, lambda r: (r[1], "%d/%m/%Y"), lambda r: num(r[4], True)),
    "reckon/ing.csv": ("utf-8", ",", 0, None, lambda r: (r[0], "%Y%m%d"), lambda r: num(r[6], True) * (-1 if r[5] == "Af" else 1)),
    "reckon/multi-line-field.csv": ("utf-8", ",", 0, lambda r: r[2] != "", lambda r: (r[2], "%Y-%m-%dT%H:%M:%S"), lambda r: num(r[8])),
    "reckon/nationwide.csv": ("utf-8", ",", 0, None, lambda r: (r[0], "%d %b %Y"),
        lambda r: (num(r[4]) if r[4] else 0) - (num(r[3]) if r[3] else 0)),
    "reckon/two_money_columns.csv": ("utf-8", ",", 0, None, lambda r: (r[0], "%m/%d/%Y"),
        lambda r: (num(r[4]) if r[4] else 0) + (num(r[3]) if r[3] else 0)),
}

def facts(path, spec):
    enc, delim, skip, keep, date, amount = spec
    text = open(path, encoding=enc, newline="").read()
    rows = [r for r in csv.reader(io.StringIO(text), delimiter=delim, escapechar="\\" if "N26" in path else None)][skip:]
    rows = [r for r in rows if any(c.strip() for c in r) and (keep is None or keep(r))]
    dates = [datetime.strptime(*(lambda d: (d[0].strip(), d[1]))(date(r))).date().isoformat() for r in rows]
    total = sum((amount(r) for r in rows), Decimal(0))
    return len(rows), total, (dates[0] if dates else None), (dates[-1] if dates else None)

def penny(path):
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(f"{d}/rules")
        open(f"{d}/rules/accounts.rules", "w").write("default currency EUR\n\naccount assets:bank:test\n")
        p = subprocess.run([PENNY, "import", "--ledger", f"{d}/l.journal", "--rules", f"{d}/rules", "--account", "assets:bank:test", path],
                           capture_output=True, text=True)
        if p.returncode != 0:
            reason = [l for l in p.stderr.splitlines() if "error:" in l]
            return None, (reason[0].split("error: ", 1)[1] if reason else p.stderr.strip()[:200])
        dates, amounts = [], []
        for line in open(f"{d}/l.journal", encoding="utf-8"):
            m = re.match(r"^(\d{4}-\d{2}-\d{2}) ", line)
            if m: dates.append(m.group(1))
            m = re.match(r"^\s+assets:bank:test\s+(-?[\d.]+) ", line)
            if m: amounts.append(Decimal(m.group(1)))
        dates = [x for x in dates]  # opening entries are not written: no opening declared
        return (len(amounts), sum(amounts, Decimal(0)), dates[0] if dates else None, dates[-1] if dates else None), None

exact = 0
for name in sorted(SPEC):
    path = os.path.join(CORPUS, name)
    want = facts(path, SPEC[name])
    got, reason = penny(path)
    ok = got is not None and got[0] == want[0] and got[1] == want[1] and got[2:] == want[2:]
    exact += ok
    status = "exact" if ok else ("REFUSED: " + reason if got is None else f"DIFFERS: penny {got[0]} rows, {got[1]}, {got[2]}..{got[3]}")
    print(f"{name}: expected {want[0]} rows, sum {want[1]}, {want[2]}..{want[3]}; {status}")
print(f"\n{exact} of {len(SPEC)} import exactly ({100 * exact // len(SPEC)}%)")
