#!/usr/bin/env python3
"""Fails when files of src/app import each other in a circle, directly or through others, or when the
folders of src/app do.

A file's dependencies are the modules its paths name: `use` lines (braces expanded) and paths written in
the code (`crate::app::x::Y`, `super::x`, `self::x`). A path counts as a dependency on the longest module
prefix that is a file of src/app. A folder's `mod.rs` that composes its children's plugins points down at
them; a child that reached back up into its `mod.rs` for a shared type would close a circle, which is why
shared types live in leaf files.

Usage: python3 .ci/app-imports.py [src/app]   (prints the circles it finds; exit 1 if any)
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src", "app")
ROOT = os.path.normpath(ROOT)


def module_of(path):
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    return ("app",) + tuple(rel)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def expand(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = tree.strip()
    depth = 0
    for i, ch in enumerate(tree):
        if ch == "{":
            if depth == 0:
                head = tree[:i]
                inner = tree[i + 1 : tree.rindex("}")]
                parts, level, start = [], 0, 0
                for j, c in enumerate(inner):
                    if c == "{":
                        level += 1
                    elif c == "}":
                        level -= 1
                    elif c == "," and level == 0:
                        parts.append(inner[start:j])
                        start = j + 1
                parts.append(inner[start:])
                out = []
                for p in parts:
                    if p.strip():
                        out += [head + q for q in expand(p)]
                return out
            depth += 1
    return [re.split(r"\s+as\s+", tree)[0].strip()]


def resolve(path, here):
    """Absolute module path (tuple) of a `crate::`/`super::`/`self::` path written in module `here`."""
    parts = [p for p in path.split("::") if p]
    if not parts:
        return None
    if parts[0] == "crate":
        return tuple(parts[1:])
    if parts[0] in ("super", "self"):
        # In a file `a/b.rs` (module app::a::b) `super` is app::a; in `a/mod.rs` (app::a) it is app.
        cur = list(here)
        while parts and parts[0] in ("super", "self"):
            if parts[0] == "super":
                cur = cur[:-1]
            parts = parts[1:]
        return tuple(cur) + tuple(parts)
    return None


def main():
    files = {}
    for dirpath, _, names in os.walk(ROOT):
        for n in names:
            if n.endswith(".rs"):
                p = os.path.join(dirpath, n)
                files[module_of(p)] = p
    edges = {m: set() for m in files}
    path_re = re.compile(r"\b(?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+")
    for mod, p in files.items():
        text = strip_comments(open(p, encoding="utf-8").read())
        paths = []
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            paths += expand(m.group(1))
        paths += path_re.findall(text)
        # A `mod.rs` (or the crate's app module) points down at the children it declares and composes.
        if p.endswith("mod.rs"):
            paths += ["self::" + c for c in re.findall(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", text)]
        for raw in paths:
            target = resolve(raw.replace(" ", "").replace("\n", ""), mod)
            if not target or target[:1] != ("app",):
                continue
            best = None
            for k in range(len(target), 0, -1):
                if target[:k] in files:
                    best = target[:k]
                    break
            if best and best != mod:
                edges[mod].add(best)
    name = lambda m: "::".join(m)
    bad = circles(edges)
    for c in bad:
        print("files in a circle:", " -> ".join(name(m) for m in c))
        for m in c:
            print("   ", name(m), "uses", ", ".join(name(t) for t in sorted(edges[m]) if t in c))
    # The folders' graph: a file's folder depends on the folder of each file it uses (a folder's mod.rs
    # belongs to the folder above, which it composes from).
    folder = lambda m: m[:2]
    top = {}
    for m, ts in edges.items():
        fm = folder(m)
        for t in ts:
            ft = folder(t)
            if fm != ft and fm != ("app",) and ft != ("app",):
                top.setdefault(fm, set()).add(ft)
            top.setdefault(ft, set())
    fbad = circles(top)
    for c in fbad:
        print("folders in a circle:", " -> ".join(name(m) for m in c))
        for m in c:
            print("   ", name(m), "uses", ", ".join(name(t) for t in sorted(top[m]) if t in c))
    if bad or fbad:
        print(f"{len(bad)} circle(s) among {len(files)} files of src/app, {len(fbad)} among its folders")
        return 1
    print(f"no import circle among the {len(files)} files of src/app or their folders")
    return 0


def circles(edges):
    """Every strongly connected component of more than one node, each as a path that closes."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    sys.exit(main())
