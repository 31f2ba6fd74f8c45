#!/usr/bin/env python3
"""Writes a large camt.053.001.02 statement for Penny's streaming benchmark.

Usage: generate_camt.py OUT_FILE MEGABYTES

One statement with OPBD/CLBD balances and as many entries as fit in the size: card
purchases, transfers with RltdPties and IBANs, and every 50th entry a batch of three
TxDtls. Deterministic (fixed seed). Writes a matching rules file beside it.
"""
import os
import random
import sys


def main():
    out, megabytes = sys.argv[1], int(sys.argv[2])
    target = megabytes * 1024 * 1024
    rnd = random.Random(7)
    shops = ["PINGO DOCE", "CONTINENTE", "LIDL", "GALP", "WORTEN", "FNAC", "IKEA", "ZARA", "UBER", "NETFLIX"]
    total = 0
    count = 0
    with open(out, "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n'
                "<BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2024-12-31T23:00:00</CreDtTm></GrpHdr>\n<Stmt><Id>BENCH-1</Id>\n"
                "<Acct><Id><IBAN>PT50003600009999999999998</IBAN></Id><Ccy>EUR</Ccy></Acct>\n"
                '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>\n')
        while f.tell() < target:
            count += 1
            day = 1 + (count // 4000) % 28
            month = 1 + (count // 112000) % 12
            date = f"2024-{month:02d}-{day:02d}"
            if count % 50 == 0:
                parts = [rnd.randint(100, 5000) for _ in range(3)]
                amount = sum(parts)
                total += amount
                details = "".join(
                    f'<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">{p // 100}.{p % 100:02d}</Amt></TxAmt></AmtDtls>'
                    f"<RltdPties><Dbtr><Nm>PAYER {count}-{i}</Nm></Dbtr><DbtrAcct><Id><IBAN>PT500001000000000{count:08d}</IBAN></Id></DbtrAcct></RltdPties>"
                    f"<RmtInf><Ustrd>BATCH {count} PART {i}</Ustrd></RmtInf></TxDtls>" for i, p in enumerate(parts))
                cd = "CRDT"
            else:
                amount = rnd.randint(50, 25000)
                total -= amount
                shop = rnd.choice(shops)
                details = (f"<TxDtls><RltdPties><Cdtr><Nm>{shop}</Nm></Cdtr><CdtrAcct><Id><IBAN>PT500002000000000{count:08d}</IBAN></Id></CdtrAcct></RltdPties>"
                           f"<RmtInf><Ustrd>COMPRA {shop} {count}</Ustrd></RmtInf></TxDtls>")
                cd = "DBIT"
            f.write(f'<Ntry><Amt Ccy="EUR">{amount // 100}.{amount % 100:02d}</Amt><CdtDbtInd>{cd}</CdtDbtInd><Sts>BOOK</Sts>'
                    f"<BookgDt><Dt>{date}</Dt></BookgDt><ValDt><Dt>{date}</Dt></ValDt><AcctSvcrRef>REF{count:09d}</AcctSvcrRef>"
                    f"<NtryDtls>{details}</NtryDtls></Ntry>\n")
        sign = "CRDT" if total >= 0 else "DBIT"
        t = abs(total)
        f.write(f'<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">{t // 100}.{t % 100:02d}</Amt><CdtDbtInd>{sign}</CdtDbtInd>'
                "<Dt><Dt>2024-12-31</Dt></Dt></Bal>\n</Stmt></BkToCstmrStmt></Document>\n")
    with open(os.path.join(os.path.dirname(out), "camt-bench.rules"), "w") as r:
        r.write("account assets:bank:bench\n  id PT50003600009999999999998\n  currency EUR\n\n"
                "rule groceries\n  if description contains \"PINGO DOCE\", \"CONTINENTE\", \"LIDL\"\n  category expenses:food\n")
    print(f"{count} entries")


if __name__ == "__main__":
    main()
