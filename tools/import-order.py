#!/usr/bin/env python3
"""Fails on any import between the modules of src/game that points up their written order.

What it checks: docs/design.md, under the heading "## The order of src/game's modules", holds
the order in a fenced block: one line per layer, the top layer first. Each module file of
src/game (src/game/*.rs, src/game/screens/*.rs, src/game/ranked/*.rs, and any folder added
later) is on one line, by its path below `crate::game`: `game` is src/game/mod.rs itself,
`screens` src/game/screens/mod.rs, `screens::play` src/game/screens/play.rs; `screens::{play,
stats}` names several, and may go on over lines until its brace closes; `#` starts a comment.
A file may name items of the files on its own line and on the lines below, never of a file on a
line above. The imports are tools/import-cycles.py's edges, read the same way: file A imports
file B when A names an item that B defines (through a `use`, or a path in code; an item a module
file re-exports counts for the file that defines it, so `use super::Engine` in game/board.rs
imports game/state.rs, not game/mod.rs). A module file naming its own descendants (game/mod.rs
adding their plugins, `pub use` re-exports) is the module tree, not an import; a child naming its
parent is one. Test-only code is skipped, and so are imports of files outside src/game.

It fails (exit 1) on each import that points up, a line for each place: the file and the first
line in it that names the items, the items, the file that defines them, and the two layers; on a file of src/game that is not in the order (the check says what it names and what
names it, so that it can be placed); on a name in the order with no file, or a name written
twice. Exit 0 with one line when every import points down or stays on its line.

Why: game/mod.rs and docs/design.md said the modules of game/ depend on each other one way, from
the definitions at the bottom to the plugin at the top, but the only check was that they had no
circle (tools/import-cycles.py). An import up the order makes no circle until the lower module is
imported back, so helpers kept gathering in game/mod.rs (GameSet, start_ms, Notice), the
plugin at the very top, and 18 lower files named them. Circles, inside a line too, are still
import-cycles.py's to catch; this check is about direction. The order is read from the design
document so that the document and the check cannot say different things. It is a script of its
own, beside import-cycles.py rather than an option of it: that one reads every crate and needs no
document, and CI tells the two failures apart; this one imports its reading of the files.

Run from the repository root (CI does; it needs only Python 3 and tools/import-cycles.py):
  python3 tools/import-order.py
"""

import importlib.util
import os
import re
import sys

ORDER_DOC = "docs/design.md"
HEADING = "## The order of src/game's modules"
SCOPE = "src/game/"
CRATE_SRC = "src"  # the game crate, the one whose src/ holds src/game

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*(?:::\{[^}]*\})?")


def load_import_cycles():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "import_cycles", os.path.join(here, "import-cycles.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_name(path):
    """src/game/mod.rs -> game; src/game/screens/mod.rs -> screens; .../screens/play.rs ->
    screens::play."""
    rel = path[len(SCOPE):-len(".rs")]
    if rel == "mod":
        return "game"
    if rel.endswith("/mod"):
        rel = rel[:-len("/mod")]
    return rel.replace("/", "::")


def read_order(doc):
    """The layers of the fenced block under HEADING, bottom first: [(line number, [names])];
    or a string saying what is wrong."""
    try:
        with open(doc, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        return f"cannot read {doc}: {e}"
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == HEADING)
    except StopIteration:
        return f'{doc} has no heading "{HEADING}"'
    fence = None
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            break
        if lines[i].lstrip().startswith("```"):
            fence = i
            break
    if fence is None:
        return f'{doc}: no fenced block under "{HEADING}" before the next heading'
    layers, pending, depth = [], None, 0
    for i in range(fence + 1, len(lines)):
        text = lines[i]
        if text.lstrip().startswith("```"):
            break
        text = text.split("#", 1)[0]
        if not text.strip() and pending is None:
            continue
        if pending is None:
            pending = (i + 1, "")
        pending = (pending[0], pending[1] + " " + text)
        depth += text.count("{") - text.count("}")
        if depth <= 0:
            layers.append(pending)
            pending, depth = None, 0
    else:
        return f"{doc}: the block under \"{HEADING}\" is not closed"
    if pending is not None:
        return f"{doc}:{pending[0]}: a brace not closed"
    parsed = []
    for lineno, text in layers:
        names, rest = [], text
        for m in NAME.finditer(text):
            word = m.group(0)
            if "{" in word:
                prefix, inner = word.split("::{", 1)
                names += [prefix + "::" + n.strip() for n in inner.rstrip("}").split(",")
                          if n.strip()]
            else:
                names.append(word)
            rest = rest.replace(word, " ", 1)
        junk = rest.replace(",", " ").split()
        if junk:
            return f"{doc}:{lineno}: not a module name: {' '.join(junk)}"
        parsed.append((lineno, names))
    return list(reversed(parsed))  # bottom first


def main(argv):
    if len(argv) > 1:
        print(__doc__.split("\n\n")[0])
        print("usage (from the repository root): python3 tools/import-order.py")
        return 2
    order = read_order(ORDER_DOC)
    if isinstance(order, str):
        print(f"import-order: {order}")
        return 1
    ic = load_import_cycles()
    crates = dict((src, name) for name, src in ic.workspace_crates())
    name = crates.get(CRATE_SRC)
    if name is None:
        print(f"import-order: no crate of the workspace has its src/ at {CRATE_SRC}/")
        return 2
    settings = ic.CRATE_SETTINGS.get(name, {})
    crate = ic.Crate(name, CRATE_SRC, settings.get("ignored_dirs", ()),
                     settings.get("external", ()))
    nodes, edges, _ = ic.file_graph(crate)
    files = {module_name(p): p for p in nodes if p.startswith(SCOPE)}
    inner = {e: items for e, items in edges.items()
             if e[0].startswith(SCOPE) and e[1].startswith(SCOPE)}

    problems = []
    layer, first_line = {}, {}  # module -> layer number from the bottom (1 ..), line in the doc
    for n, (lineno, names) in enumerate(order, 1):
        for m in names:
            if m in layer:
                problems.append(f"  {ORDER_DOC}:{lineno}: {m} is already on "
                                f"{ORDER_DOC}:{first_line[m]}; write it once")
                continue
            layer[m], first_line[m] = n, lineno
            if m not in files:
                problems.append(f"  {ORDER_DOC}:{lineno}: {m} is in the order but src/game has no "
                                "such module file; write it, or take it out of the order")
    for m in sorted(set(files) - set(layer)):
        path = files[m]
        names = sorted({module_name(b) for a, b in inner if a == path})
        named_by = sorted({module_name(a) for a, b in inner if b == path})
        low = max((layer[x] for x in names if x in layer), default=1)
        high = min((layer[x] for x in named_by if x in layer), default=len(order))
        fits = (f"today it fits on layers {low} to {high} (from the bottom)" if low <= high
                else "no layer fits it today: it names a module above one that names it")
        problems.append(f"  {path}: the module {m} is not in the order; put it on a line. "
                        f"It names: {', '.join(names) or 'nothing in src/game'}; named by: "
                        f"{', '.join(named_by) or 'nothing in src/game'}; {fits}")

    up = {}  # (from file, line, to file) -> [items]
    up_edges = 0
    for (a, b), items in sorted(inner.items()):
        la, lb = layer.get(module_name(a)), layer.get(module_name(b))
        if la is None or lb is None or lb <= la:
            continue
        up_edges += 1
        for what, (line, _) in items.items():
            up.setdefault((a, line, b), []).append(what)
    top = len(order)
    for (a, line, b), items in sorted(up.items()):
        ma, mb = module_name(a), module_name(b)
        problems.append(f"  {a}:{line}: {', '.join(sorted(items))} of {b}: from {ma} "
                        f"(layer {layer[ma]}) up to {mb} (layer {layer[mb]})")

    where = f'{ORDER_DOC}, "{HEADING}"'
    up_lines = problems[len(problems) - len(up):]
    order_lines = problems[:len(problems) - len(up)]
    if order_lines:
        print(f"import-order: the order in {where} does not match the module files of src/game "
              f"({len(order_lines)} problem(s)):")
        print("\n".join(order_lines))
    if up_lines:
        print(f"import-order: src/game: {up_edges} of {len(inner)} imports between its "
              f"{len(files)} files point up the order in {where} ({top} layers, numbered from "
              "the bottom). Move each item named to a module on or below the line of the file "
              "that names it, or write the order again:")
        print("\n".join(up_lines))
    if problems:
        return 1
    print(f"import-order: src/game: {len(files)} files in {top} layers ({where}), "
          f"{len(inner)} imports between them, none points up")
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv))
