#!/usr/bin/env python3
"""Writes the benchmark statement in other row orders (issue 30).

Usage: bench_shapes.py IN_CSV OUT_DIR

From generate_bench.py's statement (rows in date order), writes beside it, with the same
header and the same rows:
  bench-reverse.csv   newest first (the order many banks export);
  bench-shuffled.csv  rows in a random order (an export sorted by another column);
  bench-months.csv    twelve monthly exports concatenated, each newest first, the months
                      in a random order (several downloads pasted into one file);
  bench-oneday.csv    every row on one date (a day with a million card payments);
  bench-exports.csv   twelve monthly exports glued as downloaded, each with its own header
                      line, each newest first, the months in a random order (a profile
                      needs `skip-row 1 is "Data Mov."` for the repeated headers).
Deterministic (fixed seed). Only the rows' order (and, for oneday, their date) changes,
so each file holds the same transactions and money as the original. (bench-exports.csv
came later and has its own seed, so the other files are as they were.)
"""
import os
import random
import sys


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    with open(src, "rb") as f:
        header = f.readline()
        rows = f.readlines()
    rnd = random.Random(7)

    def write(name, lines):
        with open(os.path.join(out, name), "wb") as f:
            f.write(header)
            f.writelines(lines)

    write("bench-reverse.csv", rows[::-1])
    shuffled = rows[:]
    rnd.shuffle(shuffled)
    write("bench-shuffled.csv", shuffled)
    months = {}
    for row in rows:
        months.setdefault(row[3:5], []).append(row)
    blocks = [block[::-1] for block in months.values()]
    rnd.shuffle(blocks)
    write("bench-months.csv", [row for block in blocks for row in block])
    write("bench-oneday.csv", [b"15-06-2024;15-06-2024;" + row.split(b";", 2)[2] for row in rows])
    exports = [block[::-1] for block in months.values()]
    random.Random(12).shuffle(exports)
    with open(os.path.join(out, "bench-exports.csv"), "wb") as f:
        for block in exports:
            f.write(header)
            f.writelines(block)


if __name__ == "__main__":
    main()
