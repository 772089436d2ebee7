#!/usr/bin/env python3
"""Checks that PNG files are not blank: each must decode, and hold at least MIN_COLOURS
distinct colours with no one colour covering more than MAX_SHARE of the pixels.

Standard library only: the PNG is parsed by hand (chunks, zlib, scanline filters).

usage: png-not-blank.py [--min-colours N] [--max-share F] FILE.png...
       png-not-blank.py --differ [--min-pixels N] FIRST.png SECOND.png
Prints one line per file; exits 1 if any file fails. With --differ, checks instead that
two pictures of the same size differ in at least N pixels (default 200): two frames of an
animation, taken at different times, show that it plays."""
import struct
import sys
import zlib

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type -> samples per pixel


def decode(path):
    """Returns (width, height, rows) with rows as bytes of whole pixels (8-bit samples)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header, palette = 8, [], None, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise ValueError("no IHDR")
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in CHANNELS:
        raise ValueError(f"unsupported PNG (depth {depth}, colour {colour}, interlace {interlace})")
    bpp = CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
            elif kind != 0:
                raise ValueError(f"bad filter {kind}")
        rows.append(bytes(line))
        prev = line
    if colour == 3:
        if palette is None:
            raise ValueError("palette image without PLTE")
        rows = [b"".join(palette[3 * i:3 * i + 3] for i in row) for row in rows]
        bpp = 3
    return width, height, bpp, rows


def colours(path):
    width, height, bpp, rows = decode(path)
    counts = {}
    for row in rows:
        for x in range(0, width * bpp, bpp):
            pixel = row[x:x + bpp]
            counts[pixel] = counts.get(pixel, 0) + 1
    return width, height, counts


def differing_pixels(first, second):
    """The number of pixels that differ between two decoded pictures of the same size."""
    w1, h1, bpp1, rows1 = decode(first)
    w2, h2, bpp2, rows2 = decode(second)
    if (w1, h1, bpp1) != (w2, h2, bpp2):
        raise ValueError(f"sizes differ: {w1}x{h1} against {w2}x{h2}")
    return sum(
        row1[x:x + bpp1] != row2[x:x + bpp1]
        for row1, row2 in zip(rows1, rows2)
        for x in range(0, w1 * bpp1, bpp1)
    )


def main(argv):
    min_colours, max_share, min_pixels, differ, files = 8, 0.995, 200, False, []
    it = iter(argv)
    for arg in it:
        if arg == "--min-colours":
            min_colours = int(next(it))
        elif arg == "--max-share":
            max_share = float(next(it))
        elif arg == "--min-pixels":
            min_pixels = int(next(it))
        elif arg == "--differ":
            differ = True
        else:
            files.append(arg)
    if not files or (differ and len(files) != 2):
        print(__doc__)
        return 2
    if differ:
        try:
            n = differing_pixels(*files)
        except (OSError, ValueError, zlib.error, struct.error) as e:
            print(f"FAIL {files[0]} against {files[1]}: {e}")
            return 1
        ok = n >= min_pixels
        print(f"{'ok  ' if ok else 'FAIL'} {files[0]} against {files[1]}: {n} pixels differ "
              f"(at least {min_pixels} wanted)")
        return 0 if ok else 1
    failed = 0
    for path in files:
        try:
            width, height, counts = colours(path)
        except (OSError, ValueError, zlib.error, struct.error) as e:
            print(f"FAIL {path}: {e}")
            failed += 1
            continue
        top = max(counts.values()) / (width * height)
        ok = len(counts) >= min_colours and top <= max_share
        print(f"{'ok  ' if ok else 'FAIL'} {path}: {width}x{height}, {len(counts)} colours, "
              f"commonest {100 * top:.1f}%")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
