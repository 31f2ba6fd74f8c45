#!/usr/bin/env python3
"""Convert a bean-example beancount file to Penny's ledger format (for the suggestion evaluation).

    bean_to_penny.py INPUT.beancount OUTDIR

Keeps transactions with exactly two postings, one an Assets:/Liabilities: account (own) and
the other an Expenses:/Income: account, both in USD without cost or price. Writes
OUTDIR/rules.rules (own accounts, currency USD) and OUTDIR/ledger.journal.
"""
import hashlib
import os
import re
import sys
from decimal import Decimal

HEADER = re.compile(r'^(\d{4}-\d{2}-\d{2})\s+[*!]\s*(.*)$')
STRINGS = re.compile(r'"((?:[^"\\]|\\.)*)"')
POSTING = re.compile(r'^\s+([A-Z][A-Za-z0-9:\-]+)(?:\s+(-?[\d,]*\.?\d+)\s+([A-Z][A-Z0-9._\-]*))?\s*(.*)$')


def parse(path):
    txns, cur = [], None
    for raw in open(path, encoding='utf-8'):
        line = raw.rstrip('\n')
        m = HEADER.match(line)
        if m:
            cur = {'date': m.group(1), 'strings': STRINGS.findall(m.group(2)), 'postings': []}
            txns.append(cur)
            continue
        if cur is None:
            continue
        if not line.strip() or not line[0].isspace():
            cur = None
            continue
        s = line.strip()
        if s.startswith(';') or re.match(r'^[a-z][\w-]*:', s):
            continue  # comment or metadata
        p = POSTING.match(line)
        if p:
            cur['postings'].append({'account': p.group(1), 'amount': p.group(2), 'currency': p.group(3), 'rest': p.group(4)})
    return txns


def convert(src, outdir):
    own_accounts, out = [], []
    seen_ids = set()
    for t in parse(src):
        ps = t['postings']
        if len(ps) != 2:
            continue
        own = [p for p in ps if p['account'].startswith(('Assets:', 'Liabilities:'))]
        cat = [p for p in ps if p['account'].startswith(('Expenses:', 'Income:'))]
        if len(own) != 1 or len(cat) != 1:
            continue
        o, c = own[0], cat[0]
        if any(p['rest'] and p['rest'][0] in '{@' for p in ps):
            continue  # cost or price: investment
        if any(p['currency'] not in (None, 'USD') for p in ps):
            continue
        if o['amount'] is not None:
            amount = Decimal(o['amount'].replace(',', ''))
        elif c['amount'] is not None:
            amount = -Decimal(c['amount'].replace(',', ''))
        else:
            continue
        desc = ' '.join(s.strip() for s in t['strings'] if s.strip())
        desc = ' '.join(desc.split())
        if not desc:
            continue
        own_name, cat_name = o['account'].lower(), c['account'].lower()
        if own_name not in own_accounts:
            own_accounts.append(own_name)
        n = 0
        while True:
            tid = hashlib.sha1(f"{t['date']}|{desc}|{amount}|{n}".encode()).hexdigest()[:16]
            if tid not in seen_ids:
                break
            n += 1
        seen_ids.add(tid)
        rule = 'r-' + cat_name.split(':')[-1]
        out.append(f"{t['date']} * {desc}\n    ; id: {tid}\n    ; rule: {rule}\n"
                   f"    {cat_name:<40} {-amount:>12.2f} USD\n    {own_name:<40} {amount:>12.2f} USD\n")
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, 'rules.rules'), 'w') as f:
        f.write('# Own accounts (converted from bean-example).\n\n')
        for a in own_accounts:
            kind = '  type card\n' if a.startswith('liabilities:') else ''
            f.write(f'account {a}\n{kind}  currency USD\n\n')
    with open(os.path.join(outdir, 'ledger.journal'), 'w') as f:
        f.write('\n'.join(out))
    return len(out), own_accounts


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, accts = convert(sys.argv[1], sys.argv[2])
    print(f'{sys.argv[2]}: {n} transactions, own accounts {", ".join(accts)}')
