"""Decode DDS mip levels with Pillow, for the dds package's comparison test.

Usage: pillow_dds.py JOBS.json. Each job is {"in", "mip", "mode", "raw", "out"};
the level's RGBA bytes are written to "out". This script reads the header itself
and finds level N by adding up the sizes of the levels before it (nothing is
taken from the Go decoder). Modes:
  dds  Pillow's DDS plugin (DdsImagePlugin). It decodes only the first level, so
       level N is made the first: the size is rewritten and the level's bytes
       follow the header.
  raw  the level's bytes through Pillow's raw unpacker "raw" (for the formats
       the 9.4 plugin does not read: 16-bit pixels, X8R8G8B8, A8). "RGBA;4B" holds
       its nibbles blue-first for A4R4G4B4, so red and blue are swapped back.
"""
import io
import json
import struct
import sys

from PIL import Image


def level(job):
    data = open(job["in"], "rb").read()
    n = job["mip"]
    h, w = struct.unpack_from("<II", data, 12)
    pf_flags = struct.unpack_from("<I", data, 80)[0]
    fourcc = data[84:88]
    bitcount = struct.unpack_from("<I", data, 88)[0]

    def size(lw, lh):
        if pf_flags & 0x4:
            block = 8 if fourcc == b"DXT1" else 16
            return block * ((lw + 3) // 4) * ((lh + 3) // 4)
        return lw * lh * bitcount // 8

    off = 128
    for i in range(n):
        off += size(max(1, w >> i), max(1, h >> i))
    lw, lh = max(1, w >> n), max(1, h >> n)
    payload = data[off:off + size(lw, lh)]
    if job["mode"] == "dds":
        b = bytearray(data[:128])
        struct.pack_into("<II", b, 12, lh, lw)
        struct.pack_into("<I", b, 28, 1)
        img = Image.open(io.BytesIO(bytes(b) + payload))
        return img.convert("RGBA").tobytes()
    raw = job["raw"]
    mode = {"BGRX": "RGB", "BGR;16": "RGB", "BGR;15": "RGB"}.get(raw, "RGBA")
    img = Image.frombytes(mode, (lw, lh), payload, "raw", raw).convert("RGBA")
    if raw == "RGBA;4B":
        r, g, b, a = img.split()
        img = Image.merge("RGBA", (b, g, r, a))
    return img.tobytes()


def main():
    jobs = json.load(open(sys.argv[1]))
    for job in jobs:
        with open(job["out"], "wb") as f:
            f.write(level(job))


main()
