#!/usr/bin/env python3
"""Fails on a function longer than 100 lines in the workspace's code (tests, benches and
examples aside: a test reads top to bottom as one story). A function's lines run from its `fn`
line to its closing brace, as rustfmt lays them out. docs/design.md, "Functions that fit on a
screen", says why.

  python3 tools/long-functions.py          # the check (.ci/run)
  python3 tools/long-functions.py --all    # every function over 60 lines, longest first
"""
import os
import re
import sys

LIMIT = 100
ROOTS = ["src", "crates"]
SKIP_DIRS = {"tests", "benches", "examples", "target", "node_modules"}
FN = re.compile(r"^(\s*)(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)")


def functions(path):
    """(name, first line, length) of each function in the file, outside `#[cfg(test)]` modules."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    test_until = -1
    for i, line in enumerate(lines):
        if i <= test_until:
            continue
        if line.strip() == "#[cfg(test)]":
            # The item after it: one line (a `use`), or up to its closing brace at its indentation.
            indent = len(line) - len(line.lstrip())
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            if nxt.rstrip().endswith(";"):
                test_until = i + 1
                continue
            for j in range(i + 1, len(lines)):
                if lines[j] == " " * indent + "}":
                    test_until = j
                    break
            continue
        m = FN.match(line)
        if not m:
            continue
        indent = m.group(1)
        # A declaration (in a trait) ends with `;` before any `{`.
        j = i
        while j < len(lines) and "{" not in lines[j] and not lines[j].rstrip().endswith(";"):
            j += 1
        if j >= len(lines) or "{" not in lines[j]:
            continue
        for j in range(i, len(lines)):
            if lines[j] == indent + "}" or (j == i and line.rstrip().endswith("}")):
                out.append((m.group(7), i + 1, j - i + 1))
                break
    return out


def main():
    show_all = "--all" in sys.argv
    found = []
    for root in ROOTS:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for name in files:
                if name.endswith(".rs"):
                    path = os.path.join(folder, name)
                    for fn, line, length in functions(path):
                        found.append((length, f"{path}:{line}", fn))
    found.sort(reverse=True)
    if show_all:
        for length, where, fn in found:
            if length > 60:
                print(f"{length:4} {where} {fn}")
        return 0
    long = [f for f in found if f[0] > LIMIT]
    for length, where, fn in long:
        print(f"{where}: fn {fn} is {length} lines (at most {LIMIT}: split it by what it does)")
    print(f"{len(found)} functions read, {len(long)} over {LIMIT} lines", file=sys.stderr)
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
