#!/usr/bin/env python3
"""Link stubs for the public NDK libraries, made from their symbol lists (android/symbols/*.map.txt).

A stub is a shared library that only declares the symbols a library offers at a given API level, each in
its version node, with the library's SONAME: what the NDK's sysroot holds, and all the linker needs. The
rules are those of the NDK's own generator: a symbol is kept when it is public (not platform-only, apex,
llndk, …; not in a *_PRIVATE or *_PLATFORM version), meant for arm64 (no architecture tag, or arm64) and
introduced at or below the API level (its own tag, else its version's).

    stubs.py --api 26 --symbols android/symbols --out SYSROOT_LIB_DIR [--list]

writes libNAME.so for every list into the output folder (compiled with clang), and with --list prints
`library version symbol kind` for every symbol kept (what the APK check reads).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ARCH = "arm64"
ARCHES = {"arm", "arm64", "x86", "x86_64", "riscv64"}
HIDDEN = {"platform-only", "apex", "llndk", "systemapi", "vndk", "future"}
CODENAMES = {"O": 26, "O-MR1": 27, "P": 28, "Q": 29, "R": 30, "S": 31, "Sv2": 32, "Tiramisu": 33,
             "UpsideDownCake": 34, "VanillaIceCream": 35, "Baklava": 36}


def level(value):
    if value.isdigit():
        return int(value)
    return CODENAMES.get(value, 10_000)


def tags_of(comment):
    return comment.split() if comment else []


def introduced(tags, default):
    arch_specific = [t for t in tags if t.startswith(f"introduced-{ARCH}=")]
    if arch_specific:
        return level(arch_specific[0].split("=", 1)[1])
    plain = [t for t in tags if t.startswith("introduced=")]
    if plain:
        return level(plain[0].split("=", 1)[1])
    return default


def for_arch(tags):
    arches = [t for t in tags if t in ARCHES]
    return not arches or ARCH in arches


def parse(path, api):
    """[(version, base, [(symbol, is_var, weak)])] kept at this API level, in file order."""
    versions = []
    current = None
    seen = set()
    for raw in open(path, encoding="utf-8"):
        line, _, comment = raw.partition("#")
        line = line.strip()
        tags = tags_of(comment)
        if not line:
            continue
        opened = re.match(r"^([A-Za-z0-9_]+)\s*\{$", line)
        if opened:
            name = opened.group(1)
            private = name.endswith("_PRIVATE") or name.endswith("_PLATFORM")
            keep = (not private and not HIDDEN.intersection(tags) and for_arch(tags)
                    and introduced(tags, 0) <= api)
            current = {"name": name, "base": None, "symbols": [], "keep": keep,
                       "introduced": introduced(tags, 0)}
            continue
        closed = re.match(r"^\}\s*([A-Za-z0-9_]+)?\s*;$", line)
        if closed:
            if current is not None and current["keep"]:
                current["base"] = closed.group(1)
                versions.append(current)
            current = None
            continue
        if current is None or line in ("global:", "local:") or line.startswith("*"):
            continue
        symbol = line.rstrip(";").strip()
        if not current["keep"] or HIDDEN.intersection(tags) or not for_arch(tags):
            continue
        if introduced(tags, current["introduced"]) > api or symbol in seen:
            continue
        seen.add(symbol)
        current["symbols"].append((symbol, "var" in tags, "weak" in tags))
    names = {v["name"] for v in versions}
    for v in versions:
        if v["base"] not in names:
            v["base"] = None
    return versions


def build(lib, versions, out, clang):
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "stub.c")
        script = os.path.join(tmp, "stub.map")
        with open(source, "w") as c:
            for v in versions:
                for symbol, is_var, _ in v["symbols"]:
                    c.write(f"int {symbol} = 0;\n" if is_var else f"void {symbol}(void) {{}}\n")
        with open(script, "w") as m:
            for v in versions:
                body = "".join(f"    {s};\n" for s, _, _ in v["symbols"])
                base = f" {v['base']}" if v["base"] else ""
                m.write(f"{v['name']} {{\n  global:\n{body}}}{base};\n")
        subprocess.run([clang, "--target=aarch64-linux-android", "-shared", "-nostdlib", "-fuse-ld=lld",
                        "-ffreestanding", "-fno-builtin", "-w", "-O0",
                        f"-Wl,--version-script={script}", f"-Wl,-soname,{lib}.so",
                        source, "-o", os.path.join(out, f"{lib}.so")], check=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--api", type=int, default=26)
    p.add_argument("--symbols", required=True)
    p.add_argument("--out")
    p.add_argument("--clang", default="clang")
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    for file in sorted(os.listdir(args.symbols)):
        if not file.endswith(".map.txt"):
            continue
        lib = file[: -len(".map.txt")]
        versions = parse(os.path.join(args.symbols, file), args.api)
        if args.list:
            for v in versions:
                for symbol, is_var, weak in v["symbols"]:
                    print(f"{lib} {v['name']} {symbol} {'var' if is_var else 'func'}{' weak' if weak else ''}")
        if args.out:
            os.makedirs(args.out, exist_ok=True)
            build(lib, versions, args.out, args.clang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
