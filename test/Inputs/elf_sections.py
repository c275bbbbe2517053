#!/usr/bin/env python3
"""Prints `NAME SIZE` for every section of a 64-bit little-endian ELF file
(a cubin), one per line."""
import struct
import sys


def sections(data):
    if data[:4] != b"\x7fELF":
        raise SystemExit("not an ELF file")
    offset = struct.unpack_from("<Q", data, 0x28)[0]
    entry_size, count, names_index = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, offset + i * entry_size)
               for i in range(count)]
    names = headers[names_index][4]
    for header in headers:
        start = names + header[0]
        yield data[start:data.index(b"\0", start)].decode(), header[5]


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        for name, size in sections(f.read()):
            print(name, size)
