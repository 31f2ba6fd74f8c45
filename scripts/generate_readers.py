#!/usr/bin/env python3
"""Writes the same card-and-checking transactions in four statement formats, for the
reader benchmark (scripts/bench_readers.sh, docs/performance.md "Readers").

Usage: generate_readers.py OUT_DIR SIZE_MB

SIZE_MB sets the number of transactions (the OFX 2.x file is about that size; the others
are smaller or larger for the same transactions). Files written in OUT_DIR:

- readers.json   Berlin Group / GoCardless account transactions (like samples/n26-2024-03.json):
                 account, closing balance, booked entries with ids, dates, amounts, names and
                 remittance lines, pretty-printed with two spaces as banks' APIs return them;
- readers-1.ofx  OFX 1.02 SGML (like samples/visa-2024-03.ofx): header lines, unclosed leaf tags;
- readers-2.ofx  OFX 2.2 XML: the same statement with an XML declaration and every tag closed;
- readers.sta    SWIFT MT940, CRLF, one statement per 1,000 transactions (:20:, :25:, :28C:,
                 :60F:, :61:/:86: pairs, :62F:), each closing at the running balance.

Deterministic (fixed seed). Every file imports into a ledger whose rules declare the
account DE89370400440532013000 (scripts/bench_readers.sh writes such rules).
"""
import os
import random
import sys

IBAN = "DE89370400440532013000"
SHOPS = [
    "PINGO DOCE", "CONTINENTE", "LIDL", "REWE", "EDEKA", "ALDI SUED", "DM DROGERIE", "ROSSMANN",
    "DEUTSCHE BAHN", "BVG BERLIN", "SHELL", "ARAL", "VODAFONE", "TELEKOM", "NETFLIX", "SPOTIFY",
    "AMAZON EU", "ZALANDO", "IKEA", "MEDIAMARKT", "APOTHEKE AM MARKT", "KAFFEEBAR MITTE", "DOENER 36",
]


def transactions(count):
    rng = random.Random(30)
    day = 0
    for n in range(count):
        if rng.random() < 0.3:
            day += 1
        year = 2020 + (day // 336) % 8
        month = 1 + (day // 28) % 12
        dom = 1 + day % 28
        shop = rng.choice(SHOPS)
        if rng.random() < 0.08:
            cents = rng.randint(50000, 400000)
            name, text = "ACME GMBH", f"GEHALT {month:02d}/{year} ACME GMBH LOHN"
        else:
            cents = -rng.randint(80, 25000)
            name, text = shop.title(), f"{shop} KARTE 4321 {dom:02d}.{month:02d} {rng.randint(1000, 9999)} BERLIN"
        yield n, f"{year:04d}-{month:02d}-{dom:02d}", cents, name, text


def money(cents):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def write_json(path, rows, closing):
    with open(path, "w") as out:
        out.write('{\n  "account": {\n    "iban": "%s",\n    "currency": "EUR"\n  },\n' % IBAN)
        out.write('  "transactions": {\n    "booked": [\n')
        for i, (n, date, cents, name, text) in enumerate(rows):
            party = "creditorName" if cents < 0 else "debtorName"
            out.write(
                '      {\n        "transactionId": "T%09d",\n        "bookingDate": "%s",\n        "valueDate": "%s",\n'
                '        "transactionAmount": {\n          "amount": "%s",\n          "currency": "EUR"\n        },\n'
                '        "%s": "%s",\n        "remittanceInformationUnstructured": "%s"\n      }%s\n'
                % (n, date, date, money(cents), party, name, text, "," if i + 1 < len(rows) else "")
            )
        out.write("    ]\n  },\n")
        out.write(
            '  "balances": [\n    {\n      "balanceType": "closingBooked",\n      "balanceAmount": {\n'
            '        "amount": "%s",\n        "currency": "EUR"\n      },\n      "referenceDate": "%s"\n    }\n  ]\n}\n'
            % (money(closing), rows[-1][1])
        )


def write_ofx(path, rows, closing, xml):
    end = (lambda tag: f"</{tag}>") if xml else (lambda tag: "")
    with open(path, "w", newline="\r\n" if not xml else "\n") as out:
        if xml:
            out.write('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n')
            out.write('<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n')
        else:
            out.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n")
            out.write("COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n")
        out.write("<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0%s\n<SEVERITY>INFO%s\n</STATUS>\n" % (end("CODE"), end("SEVERITY")))
        out.write("<DTSERVER>20280101083000%s\n<LANGUAGE>ENG%s\n</SONRS>\n</SIGNONMSGSRSV1>\n" % (end("DTSERVER"), end("LANGUAGE")))
        out.write("<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1%s\n<STATUS>\n<CODE>0%s\n<SEVERITY>INFO%s\n</STATUS>\n" % (end("TRNUID"), end("CODE"), end("SEVERITY")))
        out.write("<STMTRS>\n<CURDEF>EUR%s\n<BANKACCTFROM>\n<BANKID>37040044%s\n<ACCTID>%s%s\n<ACCTTYPE>CHECKING%s\n</BANKACCTFROM>\n"
                  % (end("CURDEF"), end("BANKID"), IBAN, end("ACCTID"), end("ACCTTYPE")))
        first, last = rows[0][1].replace("-", ""), rows[-1][1].replace("-", "")
        out.write("<BANKTRANLIST>\n<DTSTART>%s%s\n<DTEND>%s%s\n" % (first, end("DTSTART"), last, end("DTEND")))
        for n, date, cents, name, text in rows:
            out.write(
                "<STMTTRN>\n<TRNTYPE>%s%s\n<DTPOSTED>%s120000[0:GMT]%s\n<TRNAMT>%s%s\n<FITID>T%09d%s\n<NAME>%s%s\n<MEMO>%s%s\n</STMTTRN>\n"
                % ("DEBIT" if cents < 0 else "CREDIT", end("TRNTYPE"), date.replace("-", ""), end("DTPOSTED"), money(cents), end("TRNAMT"),
                   n, end("FITID"), name, end("NAME"), text, end("MEMO"))
            )
        out.write("</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>%s%s\n<DTASOF>%s%s\n</LEDGERBAL>\n" % (money(closing), end("BALAMT"), last, end("DTASOF")))
        out.write("</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n")


def mt940_amount(cents):
    return f"{abs(cents) // 100},{abs(cents) % 100:02d}"


def write_mt940(path, rows):
    balance = 0
    with open(path, "w", newline="\r\n") as out:
        for start in range(0, len(rows), 1000):
            chunk = rows[start:start + 1000]
            date = chunk[0][1].replace("-", "")[2:]
            out.write(":20:STMT%06d\n:25:%s\n:28C:%d/1\n" % (start // 1000, IBAN, start // 1000 + 1))
            out.write(":60F:%s%s%sEUR%s\n" % ("C" if balance >= 0 else "D", date, "", mt940_amount(balance)))
            for n, iso, cents, name, text in chunk:
                day = iso.replace("-", "")[2:]
                out.write(":61:%s%s%s%sNMSCT%09d//%d\n" % (day, day[2:], "D" if cents < 0 else "C", mt940_amount(cents), n, n))
                out.write(":86:%s\n" % text[:65])
                balance += cents
            last = chunk[-1][1].replace("-", "")[2:]
            out.write(":62F:%s%sEUR%s\n-\n" % ("C" if balance >= 0 else "D", last, mt940_amount(balance)))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out_dir, size_mb = sys.argv[1], float(sys.argv[2])
    os.makedirs(out_dir, exist_ok=True)
    rows = list(transactions(max(1, int(size_mb * 1_000_000 / 213))))
    closing = sum(r[2] for r in rows)
    write_json(os.path.join(out_dir, "readers.json"), rows, closing)
    write_ofx(os.path.join(out_dir, "readers-1.ofx"), rows, closing, xml=False)
    write_ofx(os.path.join(out_dir, "readers-2.ofx"), rows, closing, xml=True)
    write_mt940(os.path.join(out_dir, "readers.sta"), rows)
    print(len(rows))


if __name__ == "__main__":
    main()
