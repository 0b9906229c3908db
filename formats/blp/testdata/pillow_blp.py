"""Decode BLP mip levels with Pillow, for the blp package's comparison test.

Usage: pillow_blp.py JOBS.json. Each job is {"in", "mip", "mode", "out"}; the
level's RGBA bytes are written to "out". This script reads the header itself
(offsets and sizes are not taken from the Go decoder). Modes:
  blp  Pillow's BLP plugin (BlpImagePlugin). It decodes only level 0, so level N
       is made level 0 first: the mip table's entry 0 and the size are rewritten
       (BLP1 palettized files, whose level 0 Pillow reads right after the palette,
       are rebuilt as header + palette + level N).
  bcn  the level's DXT blocks through Pillow's C BCn decoder (the one its DDS
       plugin uses). DXT1 without alpha bits is opaque, as in the BLP plugin.
  bgra the level's bytes through Pillow's raw BGRA unpacker.
"""
import io
import json
import struct
import sys

from PIL import Image


def header(data):
    v1 = data[:4] == b"BLP1"
    w, h = struct.unpack_from("<II", data, 12)
    table = 28 if v1 else 20
    offs = struct.unpack_from("<16I", data, table)
    sizes = struct.unpack_from("<16I", data, table + 64)
    return v1, w, h, table, offs, sizes


def level(job):
    data = open(job["in"], "rb").read()
    n = job["mip"]
    v1, w, h, table, offs, sizes = header(data)
    lw, lh = max(1, w >> n), max(1, h >> n)
    payload = data[offs[n]:offs[n] + sizes[n]]
    mode = job["mode"]
    if mode == "blp":
        b = bytearray(data)
        struct.pack_into("<II", b, 12, lw, lh)
        struct.pack_into("<I", b, table, offs[n])
        struct.pack_into("<I", b, table + 64, sizes[n])
        if v1 and struct.unpack_from("<I", data, 4)[0] == 1:
            b = b[:156 + 1024] + payload
            struct.pack_into("<I", b, table, 156 + 1024)
        img = Image.open(io.BytesIO(bytes(b)))
        return img.convert("RGBA").tobytes()
    if mode == "bcn":
        alpha_depth, alpha_type = data[9], data[10]
        kind = {0: 1, 1: 2, 7: 3}[alpha_type]
        img = Image.frombytes("RGBA", (lw, lh), payload, "bcn", kind)
        if kind == 1 and alpha_depth == 0:
            img.putalpha(255)
        return img.tobytes()
    if mode == "bgra":
        img = Image.frombytes("RGBA", (lw, lh), payload[:lw * lh * 4], "raw", "BGRA")
        if data[9] == 0:
            img.putalpha(255)
        return img.tobytes()
    raise ValueError(mode)


def main():
    jobs = json.load(open(sys.argv[1]))
    for job in jobs:
        with open(job["out"], "wb") as f:
            f.write(level(job))


main()
