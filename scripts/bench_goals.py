#!/usr/bin/env python3
"""`make bench`: every performance goal of issue 30 measured in one run, one table.

Usage: scripts/bench_goals.py            (BENCH_QUICK=1 for a smaller run)

Environment:
  BENCH_QUICK=1      100k-row statements, a 1M ledger for the large-ledger goals, 20 MiB
                     CAMT, no ledger-cli (a few minutes instead of about twenty)
  BENCH_ROUNDS=N     rounds per measured case (default 3): the floor and Penny alternate
                     in each round, the table gives each side's median
  ROWS, LARGE_ROWS   statement rows (default 1000000) and large-ledger rows (10000000)
  PENNY              a binary to measure instead of building .build/release/penny
  LEDGER_BAL=0       leaves out ledger-cli's balance report (about 20 s and 3 GB at 1M)

What it measures (release build; numbers are the machine's, never asserted by a test):
  - the import of the benchmark's statement (scripts/generate_bench.py, 500 rules) in
    every row order of scripts/bench_shapes.py (date order, reverse, shuffled, twelve
    months, twelve exports each with its own header, one day), mostly categorized and
    92% default-filed, into a fresh ledger, and its all-duplicates re-import, each
    against the libcsv floor (scripts/csv_floor.c) of the same file, alternated;
  - each shape again with two round-up programs, and with two own accounts (a rule
    names the second one, so transfer legs are looked up): peak memory;
  - peak memory of the statement pasted twice, with a bank id per row, and both;
  - the statement as a bank exports it (debit and credit columns, a memo, a bank id per
    row), import and re-import against the floor of that file; and the statement in
    UTF-8 (its accented descriptions two bytes a letter), the same;
  - the statement with 5,000 rules, and what 5,000 rules add to four small commands;
  - `report summary` over the 1M ledger against `ledger bal`;
  - a statement of LARGE_ROWS rows: date order with and without round-ups, shuffled,
    shuffled with two own accounts and round-ups (peak memory), `report summary` over it;
  - one row of a second own account imported into a ledger of LARGE_ROWS transactions
    built once and kept under .build/bench (each round imports a new row, so the
    cached ledger grows by one transaction a round);
  - a CAMT.053 statement against `xmllint --stream --noout`.
Peak memory is /usr/bin/time's maximum resident set size, the largest of the rounds, in
MB of 10^6 bytes (the goal is < 100 MB). Each measurement starts after `sync`.
The table is printed at the end and written to bench-out/goals/table.md, every run's
figures to bench-out/goals/results.json.
"""
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
ROWS = int(os.environ.get("ROWS", "100000" if QUICK else "1000000"))
LARGE = int(os.environ.get("LARGE_ROWS", "1000000" if QUICK else "10000000"))
CAMT_MB = 20 if QUICK else 100
RULES = 500
MANY_RULES = 5000
OUT = os.path.join("bench-out", "goals")
CACHE = os.path.join(".build", "bench")
MB = 1_000_000
MEMORY_GOAL = 100 * MB
STARTED = time.time()

SHAPES = ["dateorder", "reverse", "shuffled", "months", "exports", "oneday"]
SHAPE_NAMES = {
    "dateorder": "date order", "reverse": "reverse order", "shuffled": "shuffled",
    "months": "12 months, one header", "exports": "12 exports glued, 12 headers",
    "oneday": "one day",
}


def log(text):
    print(f"[{time.time() - STARTED:6.0f}s] {text}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def measure(cmd):
    """Runs cmd after `sync` under /usr/bin/time: (seconds, peak bytes, cpu seconds, stdout, stderr)."""
    subprocess.run(["sync"], check=True)
    tfile = os.path.join(OUT, "time.txt")
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", "-o", tfile] + cmd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    with open(tfile) as f:
        fields = f.read().split()[-4:]
    # Wall time from the clock here (/usr/bin/time's %e has two decimals: 4% of a 0.25 s
    # floor); memory and CPU from /usr/bin/time.
    seconds, kb, user, system = round(wall, 3), int(fields[1]), float(fields[2]), float(fields[3])
    out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    if p.returncode != 0:
        log(f"exit {p.returncode}: {' '.join(cmd)}\n{out[-2000:]}{err[-2000:]}")
    return {"s": seconds, "peak": kb * 1024, "cpu": round(user + system, 2), "rc": p.returncode,
            "out": out.strip().splitlines()[-1:] if out.strip() else [],
            "warnings": sum(1 for line in err.splitlines() if line.startswith("warning:"))}


def fresh(ledger):
    """Removes a ledger and everything Penny keeps beside it."""
    d, name = os.path.split(ledger)
    if os.path.isdir(d):
        for f in os.listdir(d):
            if f.startswith(name) or f.startswith("." + name):
                os.remove(os.path.join(d, f))


RESULTS = []


SECTIONS = ["import", "reimport", "variants", "memory", "rules", "report", "large", "ledger", "camt"]


def record(section, work, rows, runs, goal, floor_runs=None, base=None, note=""):
    """One table row. goal: ("ratio", X) penny/floor ≤ X and memory; ("mem",) memory only;
    ("abs", X) seconds < X and memory; ("delta", X) penny − base < X; ("faster", X)
    base/penny ≥ X; ("info",) nothing asserted."""
    ok_runs = [r for r in runs if r["rc"] == 0]
    s = statistics.median(r["s"] for r in ok_runs) if ok_runs else None
    peak = max(r["peak"] for r in runs) if runs else None
    floor = statistics.median(r["s"] for r in floor_runs) if floor_runs else base
    row = {"section": section, "work": work, "rows": rows, "s": s, "floor": floor, "peak": peak, "goal": goal,
           "runs": [r["s"] for r in runs], "cpu": [r["cpu"] for r in runs],
           "floor_runs": [r["s"] for r in floor_runs] if floor_runs else None,
           "floor_cpu": [r["cpu"] for r in floor_runs] if floor_runs else None,
           "warnings": max((r["warnings"] for r in runs), default=0),
           "rc": [r["rc"] for r in runs], "note": note, "out": runs[-1]["out"] if runs else []}
    verdicts = []
    kind = goal[0]
    if len(ok_runs) < len(runs):
        verdicts.append("FAIL: refused")
    ratio = None
    if s is not None and floor:
        ratio = s / floor if kind != "faster" else floor / s
    row["ratio"] = ratio
    if kind in ("ratio", "mem", "abs") and peak is not None and peak >= MEMORY_GOAL:
        verdicts.append("FAIL: memory")
    if kind == "ratio" and ratio is not None and ratio > goal[1]:
        verdicts.append("FAIL: ratio")
    if kind == "abs" and s is not None and s >= goal[1]:
        verdicts.append("FAIL: time")
    if kind == "delta" and s is not None and floor is not None and s - floor >= goal[1]:
        verdicts.append("FAIL: time")
    if kind == "faster" and ratio is not None and ratio < goal[1]:
        verdicts.append("FAIL: ratio")
    row["result"] = ", ".join(verdicts) if verdicts else ("info" if kind == "info" else "pass")
    RESULTS.append(row)
    log(f"{work}: {s} s, floor {floor}, peak {peak and round(peak / MB)} MB -> {row['result']}")
    save()


def goal_text(goal):
    kind = goal[0]
    if kind == "ratio":
        return f"≤ {goal[1]:g}× floor, < 100 MB"
    if kind == "mem":
        return "< 100 MB"
    if kind == "abs":
        return f"< {goal[1]:g} s, < 100 MB"
    if kind == "delta":
        return f"adds < {goal[1]:g} s"
    if kind == "faster":
        return f"≥ {goal[1]:g}× faster"
    return goal[1] if len(goal) > 1 else "—"


def table():
    lines = ["| work | rows | s (median) | floor s | ratio | goal | peak MB | result |",
             "|---|---|---|---|---|---|---|---|"]
    for r in sorted(RESULTS, key=lambda r: SECTIONS.index(r["section"])):
        s = f"{r['s']:.2f}" if r["s"] is not None else "—"
        floor = f"{r['floor']:.2f}" if r["floor"] is not None else "—"
        if r["goal"][0] == "delta" and r["s"] is not None and r["floor"] is not None:
            ratio = f"+{r['s'] - r['floor']:.2f} s"
        else:
            ratio = f"{r['ratio']:.2f}×" if r["ratio"] is not None else "—"
        peak = f"{r['peak'] / MB:.0f}" if r["peak"] is not None else "—"
        rows = f"{r['rows']:,}" if r["rows"] else "—"
        lines.append(f"| {r['work']} | {rows} | {s} | {floor} | {ratio} | {goal_text(r['goal'])} | {peak} | {r['result']} |")
    return "\n".join(lines)


def save():
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"quick": QUICK, "rounds": ROUNDS, "rows": ROWS, "large": LARGE, "results": RESULTS}, f, indent=1)


# ---- rules files --------------------------------------------------------------------

SECOND = """account assets:bank:second
  id PT50000000000000000000002
  currency EUR

csv second
  match-file "second-*.csv"
  account assets:bank:second
  delimiter ;
  header-lines 1
  date 1 %d-%m-%Y
  description 2
  amount 3
  decimal-mark ,

rule to-second
  if description contains "MB WAY"
  if amount < 0
  category assets:bank:second

rule from-second
  if description contains "ORDEM PERMANENTE"
  category assets:bank:bench

"""

ROUNDUPS = """
account assets:savings:bench
  currency EUR

roundup bench
  from assets:bank:bench
  pot assets:savings:roundups
  apply monthly
  to assets:savings:bench 100%

roundup spare
  from assets:bank:bench
  unit 1.00
  pot assets:savings:spare
  apply when-pot-reaches 5.00
  to assets:savings:bench 50%
  to assets:savings:goal:car 25% goal 2000.00
  to expenses:donations:ami 25%
"""


def variant_rules(base_path, exports=False, two=False, roundups=False):
    """A rules file beside base_path: the bench rules, with a skip-row for repeated headers,
    a second own account named by the first rules, and/or two round-up programs."""
    with open(base_path) as f:
        text = f.read()
    name = "bench"
    if exports:
        text = text.replace("  balance 5\n", "  balance 5\n  skip-row 1 is \"Data Mov.\"\n", 1)
        name += "-exports"
    if two:
        i = text.index("rule salary")
        text = text[:i] + SECOND + text[i:]
        name += "-two"
    if roundups:
        text += ROUNDUPS
        name += "-roundups"
    path = os.path.join(os.path.dirname(base_path), name + ".rules")
    with open(path, "w") as f:
        f.write(text)
    return path


# ---- the parts ----------------------------------------------------------------------

def generate(dirname, rows, rules, kind="categorized", shapes=True):
    os.makedirs(dirname, exist_ok=True)
    run([sys.executable, "scripts/generate_bench.py", dirname, str(rows), str(rules), kind], stdout=subprocess.DEVNULL)
    os.replace(os.path.join(dirname, "bench-montepio.csv"), os.path.join(dirname, "bench-dateorder.csv"))
    if shapes:
        run([sys.executable, "scripts/bench_shapes.py", os.path.join(dirname, "bench-dateorder.csv"), dirname])


def floor_cmd(path):
    return [FLOOR, path, ";", "4"]


def import_cmd(ledger, rules, path):
    return [PENNY, "import", "--ledger", ledger, "--rules", rules, path]


def shapes_part():
    """Every shape, categorized and default-filed: import and re-import against the floor;
    for the categorized statement, in the same rounds, the import and re-import with two
    round-up programs and with two own accounts, against the plain import."""
    for kind, label in (("categorized", "categorized"), ("uncategorized", "92% default")):
        d = os.path.join(OUT, kind)
        log(f"generating {ROWS} rows, {kind}, every shape")
        generate(d, ROWS, RULES, kind)
        rules = os.path.join(d, "bench.rules")
        ledger = os.path.join(d, "ledger.journal")
        for shape in SHAPES:
            path = os.path.join(d, f"bench-{shape}.csv")
            exports = shape == "exports"
            sides = {"plain": variant_rules(rules, exports=exports)}
            if kind == "categorized":
                sides["roundups"] = variant_rules(rules, exports=exports, roundups=True)
                sides["two"] = variant_rules(rules, exports=exports, two=True)
            floors = []
            imports = {side: [] for side in sides}
            reimports = {side: [] for side in sides}
            for _ in range(ROUNDS):
                floors.append(measure(floor_cmd(path)))
                for side, r in sides.items():
                    fresh(ledger)
                    imports[side].append(measure(import_cmd(ledger, r, path)))
                    reimports[side].append(measure(import_cmd(ledger, r, path)))
            fresh(ledger)
            name = SHAPE_NAMES[shape]
            record("import", f"import, {name}, {label}", ROWS, imports["plain"], ("ratio", 3), floors)
            record("reimport", f"re-import (all duplicates), {name}, {label}", ROWS, reimports["plain"], ("ratio", 1.5), floors)
            if "roundups" in sides:
                record("variants", f"import, {name}, two round-up programs (floor: plain import)", ROWS,
                       imports["roundups"], ("ratio", 1.3), imports["plain"])
                record("variants", f"import, {name}, two own accounts (floor: plain import)", ROWS,
                       imports["two"], ("mem",), imports["plain"])
                record("variants", f"re-import, {name}, two round-up programs / two own accounts (peak: both)", ROWS,
                       reimports["roundups"] + reimports["two"], ("mem",))


def memory_shapes_part():
    """Peak memory of statements whose rows repeat or carry bank ids (ROWS rows each, from
    the categorized statement): the export pasted twice (2 × ROWS rows), a Ref column of
    bank ids, and that file pasted twice (every id twice: the ids are refused as
    identities and the rows told apart by their content). Import and re-import."""
    d = os.path.join(OUT, "categorized")
    with open(os.path.join(d, "bench-dateorder.csv"), "rb") as f:
        header = f.readline()
        rows = f.readlines()
    with_ids = [row.rstrip(b"\r\n") + b";R%d\r\n" % n for n, row in enumerate(rows)]
    ids_header = header.rstrip(b"\r\n") + b";Ref\r\n"
    files = {
        "twice": (header, rows + rows),
        "ids": (ids_header, with_ids),
        "ids-twice": (ids_header, with_ids + with_ids),
    }
    rules = os.path.join(d, "bench.rules")
    with open(rules) as f:
        text = f.read()
    ids_rules = os.path.join(d, "bench-ids.rules")
    with open(ids_rules, "w") as f:
        f.write(text.replace("  balance 5\n", "  balance 5\n  id 6\n", 1))
    names = {"twice": "the statement pasted twice", "ids": "a bank id per row",
             "ids-twice": "a bank id per row, pasted twice (every id twice)"}
    ledger = os.path.join(d, "ledger.journal")
    for shape, (head, lines) in files.items():
        path = os.path.join(d, f"bench-{shape}.csv")
        with open(path, "wb") as f:
            f.write(head)
            f.writelines(lines)
        r = ids_rules if shape.startswith("ids") else rules
        floor = [measure(floor_cmd(path))]
        fresh(ledger)
        first = [measure(import_cmd(ledger, r, path))]
        again = [measure(import_cmd(ledger, r, path))]
        fresh(ledger)
        os.remove(path)
        record("memory", f"import, {names[shape]}", len(lines), first, ("mem",), floor)
        record("memory", f"re-import, {names[shape]}", len(lines), again, ("mem",), floor)


def bank_export_part():
    """The categorized statement as many banks export it: the amount split into debit and
    credit columns, a memo and a bank id per row (every column the row lane reads from
    bytes besides date, description, amount and balance). Import and re-import, each
    against the floor of the same file, alternated."""
    import csv
    d = os.path.join(OUT, "categorized")
    path = os.path.join(d, "bench-export.csv")
    with open(os.path.join(d, "bench-dateorder.csv"), newline="", encoding="latin-1") as src, \
            open(path, "w", newline="", encoding="latin-1") as out:
        reader = csv.reader(src, delimiter=";")
        writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
        next(reader)
        writer.writerow(["Data Mov.", "Data Valor", "Descricao", "Debito", "Credito", "Saldo", "Memo", "Ref"])
        for n, row in enumerate(reader):
            amount = row[3]
            debit, credit = (amount[1:], "") if amount.startswith("-") else ("", amount)
            writer.writerow(row[:3] + [debit, credit, row[4], f"CARD {n % 97:02d}", f"R{n}"])
    with open(os.path.join(d, "bench.rules")) as f:
        text = f.read()
    rules = os.path.join(d, "bench-export.rules")
    with open(rules, "w") as f:
        f.write(text.replace("  amount 4\n", "  debit 4\n  credit 5\n", 1).replace("  balance 5\n", "  balance 6\n  memo 7\n  id 8\n", 1))
    alternated_file(path, rules, "a bank's export (debit and credit, memo, bank id), categorized")


def utf8_part():
    """The categorized statement in UTF-8, as most banks now export: its accented
    descriptions (about one row in eight) two bytes a letter. Import and re-import against
    the floor of the same file, alternated."""
    d = os.path.join(OUT, "categorized")
    path = os.path.join(d, "bench-utf8.csv")
    with open(os.path.join(d, "bench-dateorder.csv"), encoding="cp1252", newline="") as src, \
            open(path, "w", encoding="utf-8", newline="") as out:
        shutil.copyfileobj(src, out)
    with open(os.path.join(d, "bench.rules")) as f:
        text = f.read()
    assert "  encoding windows-1252\n" in text
    rules = os.path.join(d, "bench-utf8.rules")
    with open(rules, "w") as f:
        f.write(text.replace("  encoding windows-1252\n", "  encoding utf-8\n", 1))
    alternated_file(path, rules, "a UTF-8 export (accented descriptions), date order, categorized")


def alternated_file(path, rules, name):
    """Import and re-import of one file against its floor, alternated; the file goes after."""
    ledger = os.path.join(os.path.dirname(path), "ledger.journal")
    floors, imports, reimports = [], [], []
    for _ in range(ROUNDS):
        floors.append(measure(floor_cmd(path)))
        fresh(ledger)
        imports.append(measure(import_cmd(ledger, rules, path)))
        reimports.append(measure(import_cmd(ledger, rules, path)))
    fresh(ledger)
    os.remove(path)
    record("import", f"import, {name}", ROWS, imports, ("ratio", 3), floors)
    record("reimport", f"re-import (all duplicates), {name}", ROWS, reimports, ("ratio", 1.5), floors)


def many_rules_part():
    """The statement with 5,000 rules, and what 5,000 rules add to small commands."""
    d = os.path.join(OUT, "rules5000")
    small = {}
    for count in (MANY_RULES, 1):
        sd = os.path.join(d, f"small-{count}")
        generate(sd, 1000, count, shapes=False)
        open(os.path.join(sd, "empty.journal"), "w").close()
        small[count] = sd
    # The categorized statement (its bytes do not depend on the rules) with 500 and with
    # 5,000 rules, alternated with the floor.
    cd = os.path.join(OUT, "categorized")
    path, ledger = os.path.join(cd, "bench-dateorder.csv"), os.path.join(d, "ledger.journal")
    floors, imports, imports500 = [], [], []
    for _ in range(ROUNDS):
        floors.append(measure(floor_cmd(path)))
        fresh(ledger)
        imports500.append(measure(import_cmd(ledger, os.path.join(cd, "bench.rules"), path)))
        fresh(ledger)
        imports.append(measure(import_cmd(ledger, os.path.join(small[MANY_RULES], "bench.rules"), path)))
    fresh(ledger)
    record("rules", f"import, date order, {MANY_RULES:,} rules", ROWS, imports, ("info", "—"), floors)
    record("rules", f"{MANY_RULES:,} rules vs {RULES}: that import (floor: {RULES} rules)", ROWS, imports, ("delta", 0.3), imports500)
    # Fixed cost: each small command with 5,000 rules against the same with one rule
    # (the same accounts and CSV profile), alternated, five rounds.
    commands = {
        "rules check": lambda sd: [PENNY, "rules", "check", "--rules", os.path.join(sd, "bench.rules")],
        "report summary, empty ledger": lambda sd: [PENNY, "report", "summary", "--ledger", os.path.join(sd, "empty.journal"), "--rules", os.path.join(sd, "bench.rules")],
        "rules explain": lambda sd: [PENNY, "rules", "explain", "--rules", os.path.join(sd, "bench.rules"), "--ledger", os.path.join(sd, "empty.journal"), "--amount", "-12.30", "COMPRA LOJA 123 LISBOA"],
        "import 1,000 rows": lambda sd: import_cmd(os.path.join(sd, "ledger.journal"), os.path.join(sd, "bench.rules"), os.path.join(sd, "bench-dateorder.csv")),
    }
    for name, cmd in commands.items():
        many, one = [], []
        for _ in range(max(ROUNDS, 5)):
            for count, runs in ((1, one), (MANY_RULES, many)):
                fresh(os.path.join(small[count], "ledger.journal"))
                runs.append(measure(cmd(small[count])))
        record("rules", f"{MANY_RULES:,} rules vs 1 rule: {name}", 0 if "import" not in name else 1000, many, ("delta", 0.3), one)


def report_part():
    """`report summary` over the 1M ledger against ledger-cli's balance report."""
    d = os.path.join(OUT, "categorized")
    path, rules, ledger = os.path.join(d, "bench-dateorder.csv"), os.path.join(d, "bench.rules"), os.path.join(d, "ledger.journal")
    fresh(ledger)
    run(import_cmd(ledger, rules, path), stdout=subprocess.DEVNULL)
    reports = [measure([PENNY, "report", "summary", "--ledger", ledger, "--rules", rules]) for _ in range(ROUNDS)]
    if not QUICK and os.environ.get("LEDGER_BAL", "1") != "0" and shutil.which("ledger"):
        bal = [measure(["ledger", "-f", ledger, "bal"])]
        record("report", "report summary vs ledger bal (floor: ledger bal)", ROWS, reports, ("faster", 20), bal)
    else:
        record("report", "report summary", ROWS, reports, ("info", "—"))
    fresh(ledger)


def cached_large_csv():
    """The LARGE-row statement in date order and shuffled, made once under .build/bench."""
    d = os.path.join(CACHE, f"csv-{LARGE}")
    key = hashlib.sha256()
    for script in ("scripts/generate_bench.py", "scripts/bench_shapes.py"):
        with open(script, "rb") as f:
            key.update(f.read())
    key = f"{LARGE} {RULES} {key.hexdigest()}"
    keyfile = os.path.join(d, "key")
    if os.path.exists(keyfile) and open(keyfile).read() == key:
        return d
    log(f"generating the {LARGE}-row statement once (cached in {d})")
    shutil.rmtree(d, ignore_errors=True)
    generate(d, LARGE, RULES, shapes=False)
    # Only the shuffled order is kept of the shapes (the others are not measured here).
    tmp = os.path.join(d, "shapes")
    run([sys.executable, "scripts/bench_shapes.py", os.path.join(d, "bench-dateorder.csv"), tmp])
    os.replace(os.path.join(tmp, "bench-shuffled.csv"), os.path.join(d, "bench-shuffled.csv"))
    shutil.rmtree(tmp)
    with open(keyfile, "w") as f:
        f.write(key)
    return d


def large_statement_part(csvdir):
    """A LARGE-row statement into a fresh ledger: peak memory, round-ups, report summary."""
    d = os.path.join(OUT, "large-statement")
    os.makedirs(d, exist_ok=True)
    rules = os.path.join(d, "bench.rules")
    shutil.copy(os.path.join(csvdir, "bench.rules"), rules)
    roundup_rules = variant_rules(rules, roundups=True)
    worst_rules = variant_rules(rules, two=True, roundups=True)
    ledger = os.path.join(d, "ledger.journal")
    dateorder, shuffled = os.path.join(csvdir, "bench-dateorder.csv"), os.path.join(csvdir, "bench-shuffled.csv")
    floor = [measure(floor_cmd(dateorder))]
    fresh(ledger)
    plain = [measure(import_cmd(ledger, rules, dateorder))]
    record("large", "import, date order", LARGE, plain, ("mem",), floor)
    report = [measure([PENNY, "report", "summary", "--ledger", ledger, "--rules", rules])]
    record("large", "report summary over that ledger", LARGE, report, ("info", "—"))
    fresh(ledger)
    with_roundups = [measure(import_cmd(ledger, roundup_rules, dateorder))]
    fresh(ledger)
    record("large", "import, date order, two round-up programs (floor: without)", LARGE, with_roundups, ("ratio", 1.3), base=plain[0]["s"])
    sfloor = [measure(floor_cmd(shuffled))]
    fresh(ledger)
    record("large", "import, shuffled", LARGE, [measure(import_cmd(ledger, rules, shuffled))], ("mem",), sfloor)
    fresh(ledger)
    record("large", "import, shuffled, two own accounts, two round-up programs", LARGE,
           [measure(import_cmd(ledger, worst_rules, shuffled))], ("mem",), sfloor)
    fresh(ledger)


def large_ledger_part(csvdir):
    """One row of a second own account into a ledger of LARGE transactions (built once)."""
    d = os.path.join(CACHE, f"ledger-{LARGE}")
    rules = os.path.join(d, "bench-two.rules")
    ledger = os.path.join(d, "ledger.journal")
    with open(os.path.join(csvdir, "key")) as f:
        key = f.read() + "\n" + hashlib.sha256(SECOND.encode()).hexdigest()
    keyfile = os.path.join(d, "key")
    if not (os.path.exists(keyfile) and open(keyfile).read() == key and os.path.exists(ledger)):
        log(f"importing the {LARGE}-transaction ledger once (cached in {d})")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        shutil.copy(os.path.join(csvdir, "bench.rules"), os.path.join(d, "bench.rules"))
        variant_rules(os.path.join(d, "bench.rules"), two=True)
        built = measure(import_cmd(ledger, rules, os.path.join(csvdir, "bench-dateorder.csv")))
        if built["rc"] != 0:
            sys.exit("the large ledger could not be built")
        with open(keyfile, "w") as f:
            f.write(key)
        with open(os.path.join(d, "rounds"), "w") as f:
            f.write("0")
    with open(os.path.join(d, "rounds")) as f:
        n = int(f.read())

    def one_row(into=ledger):
        nonlocal n
        n += 1
        with open(os.path.join(d, "rounds"), "w") as f:
            f.write(str(n))
        path = os.path.join(d, f"second-{n}.csv")
        # A transfer leg no entry pairs with: a rule names the large account, so the
        # import looks for its other leg there.
        with open(path, "w") as f:
            f.write(f"Data;Descricao;Montante\n28-12-2024;ORDEM PERMANENTE {n};-{100 + n % 900},{n % 100:02d}\n")
        m = measure(import_cmd(into, rules, path))
        os.remove(path)
        return m

    # One untimed row first: whatever a new binary rebuilds beside the cached ledger
    # (its index sidecar) is rebuilt here, not in a timed round.
    warm = one_row()
    log(f"untimed first row into the cached ledger: {warm['s']} s, {round(warm['peak'] / MB)} MB")
    rows = [one_row() for _ in range(ROUNDS)]
    record("ledger", "one row of a second own account into the ledger, two own accounts", LARGE, rows, ("abs", 1.0),
           note=f"untimed first row {warm['s']} s; this disk: {filesystem(ledger)}")
    on_reflinks(d, ledger, one_row)


def filesystem(path):
    """The type of the file system holding path (df -T)."""
    out = subprocess.run(["df", "-T", path], stdout=subprocess.PIPE, text=True).stdout.split("\n")[1].split()
    return out[1] if len(out) > 1 else "?"


def on_reflinks(d, ledger, one_row):
    """The same rows with the ledger on XFS with reflinks (a loop device), where the commit's
    copy shares the old ledger's blocks: only as root with mkfs.xfs, else said and skipped."""
    if os.geteuid() != 0 or not shutil.which("mkfs.xfs"):
        log("one row on XFS: not measured (needs root and mkfs.xfs)")
        return
    image, mount = os.path.join(CACHE, "xfs.img"), os.path.join(CACHE, "xfs")
    os.makedirs(mount, exist_ok=True)
    size = os.path.getsize(ledger) * 3 + (1 << 30)
    with open(image, "wb") as f:
        f.truncate(size)
    try:
        run(["mkfs.xfs", "-q", "-f", "-m", "reflink=1", image])
        run(["mount", "-o", "loop", image, mount])
        try:
            for name in os.listdir(d):
                if not name.startswith("second-") and os.path.isfile(os.path.join(d, name)):
                    shutil.copy2(os.path.join(d, name), os.path.join(mount, name))
            moved = os.path.join(mount, os.path.basename(ledger))
            warm = one_row(moved)
            rows = [one_row(moved) for _ in range(ROUNDS)]
            record("ledger", "the same, the ledger on XFS with reflinks (loop device)", LARGE, rows, ("abs", 1.0),
                   note=f"untimed first row {warm['s']} s")
        finally:
            run(["umount", mount])
    finally:
        os.remove(image)


def camt_part():
    d = os.path.join(OUT, "camt")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "statement.camt.xml")
    out = subprocess.run([sys.executable, "scripts/generate_camt.py", path, str(CAMT_MB)], check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    entries = int(out.split()[0])
    rules, ledger = os.path.join(d, "camt-bench.rules"), os.path.join(d, "ledger.journal")
    floors, imports = [], []
    for _ in range(ROUNDS):
        floors.append(measure(["xmllint", "--stream", "--noout", path]))
        fresh(ledger)
        imports.append(measure(import_cmd(ledger, rules, path)))
    fresh(ledger)
    record("camt", f"CAMT.053 {CAMT_MB} MiB (floor: xmllint --stream)", entries, imports, ("ratio", 2), floors)


def main():
    global PENNY, FLOOR
    os.makedirs(OUT, exist_ok=True)
    os.makedirs(CACHE, exist_ok=True)
    if not os.path.exists("/usr/bin/time"):
        sys.exit("needs /usr/bin/time (apt-get install time)")
    if not shutil.which("xmllint"):
        sys.exit("needs xmllint (apt-get install libxml2-utils)")
    PENNY = os.environ.get("PENNY")
    if not PENNY:
        run(["swift", "build", "-c", "release"], stdout=subprocess.DEVNULL)
        PENNY = ".build/release/penny"
    FLOOR = os.path.join(OUT, "csv_floor")
    run(["cc", "-O2", "scripts/csv_floor.c", "-lcsv", "-o", FLOOR])
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE).stdout.decode().strip()
    log(f"penny {commit}, {ROWS} rows, large {LARGE}, {ROUNDS} rounds, quick={QUICK}")
    # One untimed import first: a freshly built binary's first run is slower.
    warm = os.path.join(OUT, "warm")
    generate(warm, 100000, 50, shapes=False)
    fresh(os.path.join(warm, "ledger.journal"))
    run(import_cmd(os.path.join(warm, "ledger.journal"), os.path.join(warm, "bench.rules"), os.path.join(warm, "bench-dateorder.csv")), stdout=subprocess.DEVNULL)
    shutil.rmtree(warm)
    shapes_part()
    memory_shapes_part()
    bank_export_part()
    utf8_part()
    many_rules_part()
    report_part()
    csvdir = cached_large_csv()
    large_statement_part(csvdir)
    large_ledger_part(csvdir)
    camt_part()
    load = os.getloadavg()
    text = table()
    header = (f"Penny {commit}, {time.strftime('%Y-%m-%d %H:%M')}, {ROUNDS} rounds (medians; peak = largest), "
              f"load average at the end {load[0]:.1f}, {time.time() - STARTED:.0f} s in all")
    with open(os.path.join(OUT, "table.md"), "w") as f:
        f.write(header + "\n\n" + text + "\n")
    print()
    print(header)
    print()
    print(text)
    failed = [r for r in RESULTS if r["result"].startswith("FAIL")]
    print(f"\n{len(RESULTS) - len(failed)} of {len(RESULTS)} rows pass or are informational; {len(failed)} miss their goal.")


if __name__ == "__main__":
    main()
