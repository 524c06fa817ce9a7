#!/usr/bin/env python3
"""Fails on a type name defined in more than one place across the workspace.

What it checks: every struct, enum, union, trait and type alias defined in the crates' sources
(src/ and crates/*/src/, every workspace member's src/ as Cargo.toml lists them; not tests/,
examples/ or benches/) is listed by its name; a name defined in two places or more is a
failure, each place printed as file:line. Exit 1 with the duplicates; exit 0 with one line
(how many names, in how many files) when each name has one definition.

Why: docs/design.md, "A map of the code": one meaning per type name across the workspace. The
same word for two things (the board's `Shape` and the icon's, the core's `Game` and the
trainer's) made a reader, and a search for the name, take one for the other; a type named as a
Bevy prelude item or as another crate's type is renamed the same way (that half is not
checked here: the script reads only this workspace).

What counts as a definition:
  - Items of a module, inline `mod x { ... }` blocks and `#[cfg(...)]` code of any target
    included: the web-only `mod web` of a file counts as much as its desktop code. Test
    modules (`#[cfg(test)] mod tests { ... }`) count too: their helpers share the file's names.
  - Items inside a function body count as well (format.rs's local `enum Entry`): told apart by
    the braces around them, a local item is as much a second meaning for a reader.
  - Associated types (`type Value = Shape;` in an `impl`, `type Item;` in a trait) are not
    definitions: their name is the trait's. A `type` right inside an `impl` or `trait` block is
    skipped for that reason (an item in a method's body is a local item, and counts).
  - Places are files: a name defined twice in one file (a desktop and a web version under
    two `cfg`s) is not reported; only definitions in two files or more make a duplicate.

The allow-list (ALLOWED) holds names that truly mean the same thing in each place, each with
its files and its reason; a definition in another file is still a duplicate, and an entry that
no longer matches its files fails too (so the list cannot go stale). Add one only for that,
never to let two meanings share a word: rename instead.

Limits: a tokenizer, not a Rust parser (tools/import-cycles.py's, reused): comments, strings and
char literals are dropped first; a `{` opens a function body when the tokens since the last
`;`, `{` or `}` hold `fn`, an impl or trait block when they hold `impl` or `trait`. Types made by
macros are not seen.

Run from the repository root (CI does; it needs only Python 3 and tools/import-cycles.py):
  python3 tools/type-names.py
"""

import importlib.util
import os
import sys

KINDS = {"struct", "enum", "union", "trait", "type"}

# name -> (the files defining it, why their definitions are one meaning). A definition in any
# other file is still reported.
ALLOWED = {
    "BestScores": (
        {"crates/core/src/save/mod.rs", "src/game/state.rs"},
        "the game's resource is the core's map as a Bevy resource (a newtype around it)",
    ),
    "Block": (
        {"crates/ui/src/dialog.rs", "src/game/dialog.rs"},
        "the game's is the drawing kit's with the game's requests as the action (a type alias)",
    ),
    "Dialog": (
        {"crates/ui/src/dialog.rs", "src/game/dialog.rs"},
        "the game's is the drawing kit's with the game's requests as the action (a type alias)",
    ),
    "DialogButton": (
        {"crates/ui/src/dialog.rs", "src/game/dialog.rs"},
        "the game's is the drawing kit's with the game's requests as the action (a type alias)",
    ),
    "List": (
        {"crates/ui/src/dialog.rs", "src/game/dialog.rs"},
        "the game's is the drawing kit's with the game's requests as the action (a type alias)",
    ),
    "UiButton": (
        {"crates/ui/src/button.rs", "src/game/input.rs"},
        "the game's is the drawing kit's with the game's requests as the action (a type alias)",
    ),
    "Cli": (
        {"src/main.rs", "crates/server/src/main.rs"},
        "each binary's command line (clap), private to its own main.rs",
    ),
}


def load_import_cycles():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "import_cycles", os.path.join(here, "import-cycles.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def definitions(toks):
    """[(name, line)] of the type definitions in a file's tokens."""
    found = []
    stack = []  # what each open brace is: "fn", "impl" or "block"
    header = []  # the tokens since the last `;`, `{` or `}`
    for i, (t, line) in enumerate(toks):
        if t == "{":
            words = set(header)
            stack.append("fn" if "fn" in words else
                         "impl" if words & {"impl", "trait"} else "block")
            header = []
        elif t == "}":
            if stack:
                stack.pop()
            header = []
        elif t == ";":
            header = []
        else:
            if (t in KINDS and i + 1 < len(toks) and stack[-1:] != ["impl"]
                    and (i == 0 or toks[i - 1][0] not in {".", "::"})):
                name = toks[i + 1][0]
                if name[:1].isalpha() or name[:1] == "_":
                    found.append((name, line))
            header.append(t)
    return found


def main():
    cycles = load_import_cycles()
    places = {}  # name -> {file: first line}
    files = 0
    for _, src in cycles.workspace_crates():
        for root, dirs, names in os.walk(src):
            dirs.sort()
            for file in sorted(names):
                if not file.endswith(".rs"):
                    continue
                path = os.path.join(root, file).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as f:
                    toks = cycles.tokenize(f.read())
                files += 1
                for name, line in definitions(toks):
                    places.setdefault(name, {}).setdefault(path, line)
    duplicates = {
        n: p for n, p in places.items()
        if len(p) > 1 and not (n in ALLOWED and set(p) <= ALLOWED[n][0])
    }
    if duplicates:
        print(f"{len(duplicates)} type name(s) defined in more than one place "
              "(one meaning per type name, docs/design.md: rename all but one):")
        for name in sorted(duplicates):
            print(f"  {name}")
            for path, line in sorted(duplicates[name].items()):
                print(f"    {path}:{line}")
        return 1
    stale = sorted(n for n, (files, _) in ALLOWED.items() if set(places.get(n, {})) != files)
    if stale:
        print("allowed in tools/type-names.py but no longer defined in exactly its files "
              "(update ALLOWED): " + ", ".join(stale))
        return 1
    print(f"type names: {len(places)} names in {files} files, each defined in one place"
          f" ({len(ALLOWED)} allowed twice, same meaning)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
