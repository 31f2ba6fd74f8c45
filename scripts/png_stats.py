#!/usr/bin/env python3
"""Prints a PNG's size, number of distinct colours and mean luminance (0-255).

    scripts/png_stats.py FILE  ->  "WIDTH HEIGHT COLOURS LUMINANCE"

Reads 8-bit RGB/RGBA non-interlaced PNGs (what headless Chromium writes) with the
standard library only, so tests can tell a rendered page from a blank one and light
mode from dark mode.
"""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        kind = raw[i]
        line = bytearray(raw[i + 1 : i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    width, height, channels, rows = pixels(sys.argv[1])
    colours, total, count = set(), 0, 0
    for row in rows[::4]:
        for x in range(0, len(row), channels * 4):
            r, g, b = row[x], row[x + 1], row[x + 2]
            colours.add((r, g, b))
            total += (299 * r + 587 * g + 114 * b) // 1000
            count += 1
    print(width, height, len(colours), total // max(1, count))


if __name__ == "__main__":
    main()
