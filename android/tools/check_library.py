#!/usr/bin/env python3
"""Checks the game's shared library as Android will load it, from the library alone:

- it exports ANativeActivity_onCreate (what NativeActivity calls);
- it needs only public NDK libraries, and each of its undefined symbols is offered by one of them at the
  minimum API level, in the same version node (from the symbol lists); weak ones may be missing (listed);
- no text relocations; every loadable segment aligned to 16 KB (Android 15's page size).

    check_library.py LIBRARY --symbols android/symbols --api 26
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import stubs  # noqa: E402

PUBLIC = {"libc.so", "libm.so", "libdl.so", "liblog.so", "libandroid.so", "libaaudio.so"}


def readelf(*args):
    return subprocess.run(["llvm-readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


def main():
    p = argparse.ArgumentParser()
    p.add_argument("library")
    p.add_argument("--symbols", required=True)
    p.add_argument("--api", type=int, default=26)
    args = p.parse_args()
    problems = []

    offered = {}
    for file in sorted(os.listdir(args.symbols)):
        if file.endswith(".map.txt"):
            lib = file[: -len(".map.txt")] + ".so"
            for v in stubs.parse(os.path.join(args.symbols, file), args.api):
                for symbol, _, _ in v["symbols"]:
                    offered.setdefault(symbol, set()).add((lib, v["name"]))

    dynamic = readelf("-d", args.library)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    for lib in needed:
        if lib not in PUBLIC:
            problems.append(f"needs {lib}, which is not a public NDK library this check knows")
    if "TEXTREL" in dynamic:
        problems.append("has text relocations")

    exported = False
    weak_missing = []
    checked = 0
    for line in readelf("--dyn-syms", args.library).splitlines():
        m = re.match(r"\s*\d+:\s+[0-9a-f]+\s+\d+\s+(\w+)\s+(\w+)\s+\w+\s+(\S+)\s+(\S+)", line)
        if not m:
            continue
        kind, bind, ndx, name = m.groups()
        symbol, _, version = name.partition("@")
        version = version.lstrip("@").split(" ")[0]
        if ndx != "UND":
            if symbol == "ANativeActivity_onCreate" and kind == "FUNC" and bind == "GLOBAL":
                exported = True
            continue
        if not symbol:
            continue
        checked += 1
        sources = offered.get(symbol, set())
        good = [s for s in sources if s[0] in needed and (not version or s[1] == version)]
        if good:
            continue
        if bind == "WEAK":
            weak_missing.append(name)
        else:
            where = ", ".join(f"{lib} {v}" for lib, v in sorted(sources)) or f"no library at API {args.api}"
            problems.append(f"undefined symbol {name} is not offered as needed ({where})")
    if not exported:
        problems.append("does not export ANativeActivity_onCreate")

    for line in readelf("-l", args.library).splitlines():
        if line.strip().startswith("LOAD"):
            fields = line.split()
            offset, vaddr, align = int(fields[1], 16), int(fields[2], 16), int(fields[-1], 16)
            if align < 0x4000 or offset % 0x4000 != vaddr % 0x4000:
                problems.append(f"loadable segment not 16 KB aligned: {line.strip()}")

    print(f"needs: {' '.join(needed)}")
    print(f"undefined symbols checked: {checked}; weak and not offered at API {args.api} (resolved at run "
          f"time if the phone has them): {' '.join(weak_missing) or 'none'}")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
