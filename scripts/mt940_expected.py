#!/usr/bin/env python3
"""Facts for the MT940 conformance files taken from wolph/mt940's own test expectations.

Usage: scripts/mt940_expected.py MT940_TESTS_DIR OUT.json

MT940_TESTS_DIR is wolph/mt940's `mt940_tests` folder. Each `X.sta` there has `X.yml`, the
pickled result wolph/mt940's parser is tested against. This script reads those YAML files
with a loader that turns every Python object tag into plain data (it never imports
wolph/mt940 nor Penny) and writes, per file, every transaction's value date, entry date
(the library's `guessed_entry_date`, else `entry_date`), signed amount and currency, with
the count and the sum per currency.
"""
import base64
import decimal
import json
import os
import re
import sys

import yaml


class Loader(yaml.SafeLoader):
    pass


def _object(loader, suffix, node):
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        seq = loader.construct_sequence(node, deep=True)
        if suffix.endswith("decimal.Decimal"):
            return decimal.Decimal(seq[0])
        if suffix.endswith("models.Date") or suffix.endswith("models.DateTime"):
            raw = seq[0]
            if isinstance(raw, (bytes, bytearray)) and len(raw) >= 4:
                return "%04d-%02d-%02d" % (raw[0] * 256 + raw[1], raw[2], raw[3])
            return seq
        return seq
    return loader.construct_scalar(node)


Loader.add_multi_constructor("tag:yaml.org,2002:python/", _object)
Loader.add_constructor("tag:yaml.org,2002:binary", lambda l, n: base64.b64decode(l.construct_scalar(n)))


def facts(yml_path):
    with open(yml_path, encoding="utf-8") as fh:
        # A transaction's back-reference to the whole list (`transactions: *id003`) is
        # recursive, which a plain loader cannot build; it carries no fact.
        text = "\n".join(l for l in fh.read().split("\n") if not re.match(r"^\s+transactions: \*id\d+\s*$", l))
    doc = yaml.load(text, Loader=Loader)
    rows = []
    for t in doc.get("transactions") or []:
        d = t["data"]
        amount = d.get("amount")
        if not isinstance(amount, dict):
            continue
        rows.append({
            "value_date": d.get("date"),
            "entry_date": d.get("guessed_entry_date") or d.get("entry_date"),
            "amount": str(amount["amount"]),
            "currency": amount.get("currency"),
            "bank_reference": d.get("bank_reference"),
            "status": d.get("status"),
        })
    sums = {}
    for r in rows:
        sums[r["currency"]] = sums.get(r["currency"], decimal.Decimal(0)) + decimal.Decimal(r["amount"])
    return {"count": len(rows), "sums": {k: str(v) for k, v in sorted(sums.items())}, "transactions": rows}


def main():
    root, out = sys.argv[1], sys.argv[2]
    result = {}
    for path, _dirs, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".sta"):
                continue
            yml = os.path.join(path, name[:-4] + ".yml")
            if not os.path.exists(yml):
                continue
            key = os.path.relpath(os.path.join(path, name), root)
            result[key] = facts(yml)
    with open(out, "w", encoding="utf-8") as fh:
        json.dump({"generated_by": "scripts/mt940_expected.py", "source": "wolph/mt940 mt940_tests/*.yml", "files": result}, fh, indent=1, sort_keys=True)
        fh.write("\n")


if __name__ == "__main__":
    main()
