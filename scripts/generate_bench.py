#!/usr/bin/env python3
"""Writes a realistic bank CSV and a rules file for Penny's benchmark.

Usage: generate_bench.py OUT_DIR ROWS RULES [KIND]

KIND is `categorized` (the default: about four rows in five match a rule) or
`uncategorized` (about 92% of the rows name one of 6,000 shops no rule knows, so they
are filed under the default category: the statement of a new user's first import).

The CSV follows the Portuguese layout of samples/montepio-2024-03.csv (windows-1252,
';', decimal comma, thousands '.', quoted fields with delimiters); descriptions mix
merchants, card numbers and dates like real statements. Every rule is a `contains`
rule on a merchant name plus an amount condition, so most rows are categorized and the
matcher does real work. Deterministic (fixed seed).
"""
import os
import random
import sys

MERCHANTS = [
    "PINGO DOCE", "CONTINENTE", "LIDL", "ALDI", "MINIPRECO", "INTERMARCHE", "AUCHAN",
    "EDP COMERCIAL", "GALP", "REPSOL", "BP", "VODAFONE", "MEO", "NOS", "FARMACIA",
    "WORTEN", "FNAC", "IKEA", "LEROY MERLIN", "ZARA", "PRIMARK", "H&M", "DECATHLON",
    "UBER", "BOLT", "CP COMBOIOS", "METRO LISBOA", "CARRIS", "TAP", "RYANAIR",
    "NETFLIX", "SPOTIFY", "AMAZON", "APPLE.COM", "GOOGLE", "CAFE", "PASTELARIA",
    "RESTAURANTE", "MCDONALDS", "BURGER KING", "TELEPIZZA", "GLOVO", "UBER EATS",
    "CTT", "SEGURANCA SOCIAL", "AT AUTORIDADE TRIBUTARIA", "EPAL", "GAS NATURAL",
]
TOWNS = ["LISBOA", "PORTO", "AMADORA", "ODIVELAS", "BRAGA", "COIMBRA", "FARO", "SETÚBAL"]
PREFIXES = ["COMPRA", "DD", "PAG", "TRF", "MB WAY", "LEVANTAMENTO"]


def amount_text(cents):
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    whole, frac = divmod(cents, 100)
    digits = f"{whole:,}".replace(",", ".")
    return f"{sign}{digits},{frac:02d}"


def rnd_name(n):
    """A made-up shop name, the same for the same n."""
    syllables = ["CA", "SA", "LO", "JA", "MER", "CA", "DO", "TAS", "BEL", "RI", "NHO", "VAL"]
    return "".join(syllables[(n // 12 ** k) % 12] for k in range(3)) + " LDA"


def main():
    out, rows, rule_count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    kind = sys.argv[4] if len(sys.argv) > 4 else "categorized"
    if kind not in ("categorized", "uncategorized"):
        sys.exit(f"unknown kind {kind!r}: categorized or uncategorized")
    unknown_share = 0.2 if kind == "categorized" else 0.95
    shops = [f"{rnd_name(n)} {n}" for n in range(6000)]
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(42)
    path = os.path.join(out, "bench-montepio.csv")
    balance = 1_000_000
    with open(path, "wb") as f:
        f.write("Data Mov.;Data Valor;Descrição;Montante;Saldo\r\n".encode("cp1252"))
        for i in range(rows):
            day = 1 + (i * 28 // max(rows, 1)) % 28
            month = 1 + (i * 12 // max(rows, 1)) % 12
            date = f"{day:02d}-{month:02d}-2024"
            merchant = rnd.choice(MERCHANTS)
            if rnd.random() < 0.03:
                cents = rnd.randint(50_000, 400_000)
                desc = f"TRF ORDENADO {rnd.randint(1, 999):03d} ACME LDA"
            elif rnd.random() < unknown_share:
                # A shop no rule knows: every rule is tried and fails.
                cents = -rnd.randint(50, 25_000)
                if kind == "categorized":
                    desc = f"{rnd.choice(PREFIXES)} LOJA {rnd.randint(100, 999)} {rnd.choice(TOWNS)}"
                else:
                    desc = f"{rnd.choice(PREFIXES)} {rnd.choice(shops)} {rnd.choice(TOWNS)}"
            else:
                cents = -rnd.randint(50, 25_000)
                desc = f"{rnd.choice(PREFIXES)} {merchant} {rnd.randint(1000, 9999)} {rnd.choice(TOWNS)}"
            if rnd.random() < 0.05:
                desc = f'"{desc}; REF {rnd.randint(1, 99999)}"'
            balance += cents
            f.write(f"{date};{date};{desc};{amount_text(cents)};{amount_text(balance)}\r\n".encode("cp1252"))
    with open(os.path.join(out, "bench.rules"), "w") as f:
        f.write("default currency EUR\n\naccount assets:bank:bench\n  id PT50000000000000000000001\n  currency EUR\n  opening 2023-12-31 10000.00\n\n")
        f.write("csv bench\n  match-file \"bench-*.csv\"\n  account assets:bank:bench\n  delimiter ;\n"
                "  encoding windows-1252\n  header-lines 1\n  date 1 %d-%m-%Y\n  description 3\n  amount 4\n"
                "  decimal-mark ,\n  thousands-separator .\n  balance 5\n\n")
        f.write("rule salary\n  if description contains \"ORDENADO\"\n  if amount > 0\n  category income:salary\n\n")
        for n in range(rule_count - 1):
            merchant = MERCHANTS[n % len(MERCHANTS)]
            # Rules beyond the merchant list use made-up names that never match, as a big
            # personal rule set mostly does for any one row.
            pattern = merchant if n < len(MERCHANTS) else f"{merchant} SHOP {n}"
            f.write(f"rule r{n}\n  if description contains \"{pattern}\"\n  if amount < 0\n"
                    f"  category expenses:bench:c{n % 40}\n\n")


if __name__ == "__main__":
    main()
