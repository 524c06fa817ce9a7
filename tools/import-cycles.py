#!/usr/bin/env python3
"""Fails on any import cycle among the module files of any crate of the workspace.

Which crates: every member of the workspace in Cargo.toml, each its own graph (a path into
another crate is external, whatever it names): the game (src/), its core (crates/core/src,
root crates/core/src/lib.rs), the drawing kit (crates/ui/src), the server
(crates/server/src), the tools (crates/tools/src) and the AI's trainer (crates/ai-train/src). What it checks in each: each
.rs file under the crate's src/ is a node (`src/lib.rs` the crate root, `src/game/mod.rs` and
`src/web.rs` their modules, `src/game/screens/options.rs` the module
`crate::game::screens::options`; `src/main.rs` is the binary, a root of its own whose paths
through the library's name point into the library: `g2048::` in src/main.rs,
`g2048_server::` in crates/server/src/main.rs). File A depends on file B when A names an item of B
through a `crate::`, `super::`, `self::` path, a path that starts with one of its module's
child modules or with a name its module imported: in `use` declarations (grouped and nested
trees over several lines included) and in paths written in code
(`crate::game::autoplay::Foo::new()`). A path goes to the deepest module file it names; an
item a module file brings in with `use` (a `pub use child::{X, Y}` facade, `pub use child::*`,
or a plain `use` its children reach through `super::X`) goes on to the file that defines it,
unless the module file defines an item of that name itself. Every strongly connected
component of two or more files is a cycle: the check prints its files and, for each file, the
edges inside the component with the items named and one place that names them (file:line), so
you can see which `use` to move. Each crate with no cycle: one line (files, edges). Exit 0 when
no crate has a cycle; exit 1, with each crate's cycles, when any has one.

A module file naming its own descendants (`mod.rs` wiring `autoplay::plugin(app)`, re-exporting
`pub use state::Engine`, `lib.rs` adding every plugin) is the module tree, not an import, and is
not counted (`--strict` counts it, which puts every parent in a cycle with the children that
use its `GameSet`). A child naming its parent is counted (`use super::GameSet` in
game/board.rs depends on game/mod.rs), and so is everything between siblings and cousins.

Why: game/mod.rs and docs/design.md say its modules depend on each other in one direction
(definitions at the bottom, the one reader of requests, `input`, below every owner, the
owners of each change above it, the screens above those). Nothing checked it, and the import circle in game/ went from 0 back to 12 files in three features.
The core's modules are layered too (crates/core/src/lib.rs: `i18n` <- `rules` <- `ai`, `save`),
and two circles had grown inside `rules` and `save` while only the game was looked at.

Run from the repository root (CI does, with no flag; it needs only Python 3):
  python3 tools/import-cycles.py            # exit 1 and the cycles, or a line a crate and exit 0
  python3 tools/import-cycles.py --graph    # also every counted edge, for people
  python3 tools/import-cycles.py --strict   # also count a module file naming its descendants

Between crates: the game re-exports the core as `crate::rules`, `crate::ai`, `crate::save`,
`crate::i18n`, with the macros `crate::said!`, `crate::tr!`; in the game's graph those names are
external (CRATE_SETTINGS), and so is every `g2048_core::` path in the game and the server. No
circle between crates is possible: Cargo refuses one, and .ci/run keeps Bevy out of the core.

Limits of the parsing (a tokenizer, not a Rust parser):
  - Comments (//, ///, //!, nested /* */), string literals (plain, byte, C, raw r#"..."#) and
    char literals are dropped before anything is read; lifetimes are told from chars.
  - Items under `#[cfg(test)]` are skipped, found by matching braces: a `mod tests { ... }`
    block (tests may import freely), a test-only fn or `use`, and a `#[cfg(test)] mod x;`
    file. Any other `cfg` is ignored: web-only and desktop-only code both count.
  - A name is found by its spelling only: a type and a function of one name are one name;
    a `use` inside a function body counts for the paths of that module, not of that block;
    a glob `use a::*` depends on the module file `a` (and is followed only for a name that
    module defines or imports itself); a macro called by its bare name (`said!(..)`) is not
    followed, but a path to a `#[macro_export]` macro (`use crate::said;`) goes to the file
    that defines it, not to the crate root where the compiler puts it.
  - Items are what a module defines at its top level (struct, enum, union, trait, type, fn,
    const, static, mod, macro_rules!); inline `mod x { ... }` blocks are modules of their file.
  - `#[path = ...]` attributes and `include!` are not followed; files under src/bin/ are not read.
  - Cargo.toml is read for `[workspace] members` (globs allowed) and each member's
    `[package] name` (its library's name with `-` as `_`); a crate's files are those under its
    src/ (a `[lib]` name or path of its own, or a `[[bin]]` path elsewhere, is not followed).
"""

import glob
import os
import re
import sys

WORKSPACE = "Cargo.toml"
# What differs from one crate to the next, by package name: the directories of its src/ not read,
# and the names at its root that are another crate's (the game re-exports the core's modules and
# macros under its own root: `crate::rules` is crates/core). Every other workspace member is read
# whole, its src/lib.rs the root and its src/main.rs the binary.
CRATE_SETTINGS = {
    "g2048": {
        "ignored_dirs": {"rules", "ai", "save", "i18n"},
        "external": {"rules", "ai", "save", "i18n", "said", "tr"},
    },
}
MAX_DEPTH = 40

IDENT = re.compile(r"[A-Za-z_\u00c0-\uffff][A-Za-z0-9_\u00c0-\uffff]*")
RAW_STR = re.compile(r'(?:b|c)?r(#*)"')
RAW_IDENT = re.compile(r"r#([A-Za-z_][A-Za-z0-9_]*)")
NUMBER = re.compile(r"[0-9][A-Za-z0-9_]*")
ITEM_KEYWORDS = {"struct", "enum", "union", "trait", "type", "fn", "const", "static"}
NOT_NAMES = {"fn", "unsafe", "async", "extern", "mut", "const"}


def tokenize(text):
    """Tokens (text, line) of Rust source, without comments, strings and char literals."""
    toks = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\":
                    i += 1
                if i < n and text[i] == "\n":
                    line += 1
                i += 1
            i += 1
        elif c == "'":
            if i + 1 < n and text[i + 1] == "\\":  # '\n', '\'', '\u{..}'
                j = text.find("'", i + 3)
                i = n if j < 0 else j + 1
            elif i + 2 < n and text[i + 2] == "'" and text[i + 1] != "\n":  # 'x'
                i += 3
            else:  # a lifetime or a label
                toks.append(("'", line))
                i += 1
        elif c == "$" and text.startswith("$crate", i):
            toks.append(("$crate", line))
            i += 6
        elif c.isdigit():
            i = NUMBER.match(text, i).end()
        elif IDENT.match(text, i):
            m = RAW_STR.match(text, i)
            if m:
                close = '"' + m.group(1)
                j = text.find(close, m.end())
                j = n if j < 0 else j
                line += text.count("\n", i, j)
                i = j + len(close)
                continue
            if c in "bc" and i + 1 < n and text[i + 1] in "\"'":  # b"..", c"..", b'x'
                i += 1
                continue
            m = RAW_IDENT.match(text, i)
            if m:
                toks.append((m.group(1), line))
                i = m.end()
                continue
            m = IDENT.match(text, i)
            toks.append((m.group(0), line))
            i = m.end()
        elif text.startswith("::", i):
            toks.append(("::", line))
            i += 2
        else:
            toks.append((c, line))
            i += 1
    return toks


def is_ident(t):
    return t == "$crate" or (IDENT.fullmatch(t) is not None)


class Crate:
    """What the files say: modules, items, imports, and the paths each file writes."""

    def __init__(self, name, src, ignored_dirs=(), external=()):
        self.name = name  # the package's name (g2048-core)
        self.src = src  # its src/ folder, from the repository root
        self.lib_name = name.replace("-", "_")  # what its binary calls the library (g2048_core)
        self.ignored_dirs = set(ignored_dirs)
        self.external = set(external)
        self.exported = {}  # `#[macro_export]` macro name -> module path defining it
        self.modules = {}  # module path (tuple) -> file defining it (inline modules: their file)
        self.file_mod = {}  # file -> module path of the file itself
        self.defined = {}  # module path -> names of items defined at its top level
        self.imports = {}  # module path -> name -> [(module level?, context, segments)]
        self.globs = {}  # module path -> [(module level?, context, prefix segments)]
        self.refs = {}  # file -> [(context, segments, glob?, line)]
        self.test_only = set()  # module paths declared `#[cfg(test)] mod x;`
        self.test_only_files = set()  # files with `#![cfg(test)]`

    def add_file(self, path, modpath):
        self.modules[modpath] = path
        self.file_mod[path] = modpath
        with open(path, encoding="utf-8", errors="replace") as f:
            toks = tokenize(f.read())
        self.refs[path] = []
        Parser(self, path, modpath, toks).run()


def attribute_end(toks, i):
    """Index of the `]` closing the attribute starting at toks[i] == '#', or None."""
    j = i + 1
    if j < len(toks) and toks[j][0] == "!":
        j += 1
    if j >= len(toks) or toks[j][0] != "[":
        return None
    depth = 0
    while j < len(toks):
        t = toks[j][0]
        if t in "([{":
            depth += 1
        elif t in ")]}":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return None


def is_cfg_test(attr):
    words = [t for t, _ in attr]
    return (len(words) > 2 and words[0] == "cfg" and words[1] == "(" and "test" in words
            and "not" not in words)


class Parser:
    def __init__(self, crate, path, modpath, toks):
        self.c, self.path, self.toks = crate, path, toks
        self.stack = []  # one per open brace: the module path it opens, or None for a block
        self.file_mod = modpath

    def ctx(self):
        for m in reversed(self.stack):
            if m is not None:
                return m
        return self.file_mod

    def module_level(self):
        return not self.stack or self.stack[-1] is not None

    def tok(self, i):
        return self.toks[i][0] if i < len(self.toks) else ""

    def run(self):
        toks, c = self.toks, self.c
        c.defined.setdefault(self.file_mod, set())
        c.imports.setdefault(self.file_mod, {})
        c.globs.setdefault(self.file_mod, [])
        i, pending_test, pending_export = 0, False, False
        while i < len(toks):
            t, line = toks[i]
            if t == "#":
                end = attribute_end(toks, i)
                if end is not None:
                    inner = self.tok(i + 1) == "!"
                    attr = toks[i + (3 if inner else 2):end]
                    if is_cfg_test(attr):
                        if inner and not self.stack:
                            c.test_only_files.add(self.path)
                            return
                        pending_test = pending_test or not inner
                    else:
                        if not inner and attr and attr[0][0] == "macro_export":
                            pending_export = True
                        self.scan_paths(i + 1, end)
                    i = end + 1
                    continue
            exported, pending_export = pending_export, False
            if pending_test:
                pending_test = False
                i = self.skip_item(i)
                continue
            if t == "use":
                i = self.parse_use(i + 1)
            elif t == "mod" and is_ident(self.tok(i + 1)):
                name = self.tok(i + 1)
                ctx = self.ctx()
                if self.module_level():
                    c.defined[ctx].add(name)
                if self.tok(i + 2) == "{":
                    inner = ctx + (name,)
                    c.modules[inner] = self.path
                    c.defined.setdefault(inner, set())
                    c.imports.setdefault(inner, {})
                    c.globs.setdefault(inner, [])
                    self.stack.append(inner)
                    i += 3
                else:
                    i += 2
            elif t == "macro_rules" and self.tok(i + 1) == "!" and is_ident(self.tok(i + 2)):
                if self.module_level():
                    c.defined[self.ctx()].add(self.tok(i + 2))
                if exported:  # `#[macro_export]`: the crate root's, wherever it is written
                    c.exported.setdefault(self.tok(i + 2), self.ctx())
                i += 3
            elif t in ITEM_KEYWORDS:
                j = i + 1
                while self.tok(j) in NOT_NAMES and t != "fn":
                    j += 1
                name = self.tok(j)
                if self.module_level() and is_ident(name) and name not in NOT_NAMES:
                    c.defined[self.ctx()].add(name)
                i += 1
            elif t == "{":
                self.stack.append(None)
                i += 1
            elif t == "}":
                if self.stack:
                    self.stack.pop()
                i += 1
            elif is_ident(t) and self.tok(i + 1) == "::" and (i == 0 or toks[i - 1][0] != "::"):
                i = self.take_path(i)
            else:
                i += 1

    def take_path(self, i):
        """Records the path starting at toks[i]; returns the index after it."""
        segs, line = [self.toks[i][0]], self.toks[i][1]
        j = i + 1
        while self.tok(j) == "::" and is_ident(self.tok(j + 1)):
            segs.append(self.tok(j + 1))
            line = self.toks[j + 1][1]
            j += 2
        self.c.refs[self.path].append((self.ctx(), tuple(segs), False, line))
        return j

    def scan_paths(self, start, end):
        i = start
        while i < end:
            t = self.tok(i)
            if is_ident(t) and self.tok(i + 1) == "::" and self.tok(i - 1) != "::":
                i = self.take_path(i)
            else:
                i += 1

    def skip_item(self, i):
        """Index after the item starting at toks[i] (one under `#[cfg(test)]`)."""
        toks = self.toks
        if toks[i][0] == "mod" and is_ident(self.tok(i + 1)) and self.tok(i + 2) == ";":
            self.c.test_only.add(self.ctx() + (self.tok(i + 1),))
            return i + 3
        if toks[i][0] in ("use", "pub") and "use" in (self.tok(i), self.tok(i + 1)):
            while i < len(toks) and toks[i][0] != ";":
                i += 1
            return i + 1
        depth = 0
        while i < len(toks):
            t = toks[i][0]
            if t in "([{":
                depth += 1
            elif t in ")]}":
                if depth == 0:  # the end of what holds the item (a struct's last field)
                    return i
                depth -= 1
                if depth == 0 and t == "}":
                    return i + 1
            elif t == ";" and depth == 0:
                return i + 1
            i += 1
        return i

    def parse_use(self, i):
        leaves = []
        i = self.use_tree(i, [], leaves)
        while i < len(self.toks) and self.toks[i][0] != ";":
            i += 1
        ctx, level, c = self.ctx(), self.module_level(), self.c
        for segs, glob, alias, line in leaves:
            if not segs:
                continue
            if glob:
                c.globs[ctx].append((level, ctx, tuple(segs)))
            else:
                target = segs[:-1] if segs[-1] == "self" else segs
                if not target:
                    continue
                name = alias or target[-1]
                if name != "_":
                    c.imports[ctx].setdefault(name, []).append((level, ctx, tuple(target)))
                segs = target
            c.refs[self.path].append((ctx, tuple(segs), glob, line))
        return i + 1

    def use_tree(self, i, prefix, leaves):
        segs = list(prefix)
        if self.tok(i) == "::":
            i += 1
        while i < len(self.toks):
            t, line = self.toks[i]
            if t == "{":
                i += 1
                while i < len(self.toks) and self.tok(i) not in ("}", ";"):
                    i = self.use_tree(i, segs, leaves)
                    if self.tok(i) == ",":
                        i += 1
                return i + 1 if self.tok(i) == "}" else i
            if t == "*":
                leaves.append((segs, True, None, line))
                return i + 1
            if not is_ident(t):
                return i
            segs.append(t)
            i += 1
            if self.tok(i) == "::":
                i += 1
                continue
            alias = None
            if self.tok(i) == "as" and is_ident(self.tok(i + 1)):
                alias = self.tok(i + 1)
                i += 2
            leaves.append((segs, False, alias, line))
            return i
        return i


class Resolver:
    """Where a path goes: ('mod', module path), ('item', module path, name), ('ext',) or None
    (a path that is not the crate's: std, bevy, a local type's associated item)."""

    def __init__(self, crate):
        self.c = crate

    def resolve(self, segs, ctx, depth=0):
        c = self.c
        if depth > MAX_DEPTH or not segs:
            return None
        h, i = segs[0], 1
        if h in ("crate", "$crate"):
            cur = (ctx[0],)
        elif h == "self":
            cur = ctx
        elif h == "super":
            cur = ctx[:-1]
        elif h == c.lib_name and ctx[0] == "bin" and ("lib",) in c.modules:
            cur = ("lib",)
        elif ctx + (h,) in c.modules:
            cur = ctx + (h,)
        else:
            r = self.imported(ctx, h, depth, any_level=True)
            if r is None or r[0] != "mod":
                return r
            cur = r[1]
        while i < len(segs) and segs[i] == "super":
            cur, i = cur[:-1], i + 1
        if not cur or cur not in c.modules:
            return None
        while i < len(segs):
            s = segs[i]
            if cur == ("lib",) and s in c.external:
                return ("ext",)
            if (len(cur) == 1 and c.exported.get(s, ("",))[0] == cur[0]
                    and s not in c.defined.get(cur, ())):
                return ("item", c.exported[s], s)  # `crate::said` is where `said!` is written
            if cur + (s,) in c.modules:
                cur, i = cur + (s,), i + 1
                continue
            r = self.member(cur, s, depth + 1)
            if r[0] == "mod":
                cur, i = r[1], i + 1
                continue
            return r
        return ("mod", cur)

    def imported(self, ctx, name, depth, any_level):
        entries = self.c.imports.get(ctx, {}).get(name, [])
        entries = sorted((e for e in entries if e[0] or any_level), key=lambda e: not e[0])
        for _, ictx, target in entries:
            r = self.resolve(target, ictx, depth + 1)
            return r if r is not None else ("ext",)
        return None

    def member(self, mod, name, depth):
        """The item `name` of module `mod`, followed through the module's imports."""
        c = self.c
        if name in c.defined.get(mod, ()) or depth > MAX_DEPTH:
            return ("item", mod, name)
        r = self.imported(mod, name, depth, any_level=False)
        if r is not None:
            return r
        for level, gctx, prefix in c.globs.get(mod, []):
            if not level:
                continue
            g = self.resolve(prefix, gctx, depth + 1)
            if g and g[0] == "mod" and g[1] != mod:
                m2 = g[1]
                if name in c.defined.get(m2, ()) or name in c.imports.get(m2, {}):
                    return self.member(m2, name, depth + 1)
        return ("item", mod, name)


def toml_section(text, header):
    """The lines of a Cargo.toml's `[header]` table, up to the next table ('' if none)."""
    m = re.search(r"^\[" + re.escape(header) + r"\][ \t]*(?:#.*)?$", text, re.M)
    if not m:
        return ""
    end = re.search(r"^[ \t]*\[", text[m.end():], re.M)
    body = text[m.end():m.end() + end.start()] if end else text[m.end():]
    return "\n".join(line.split("#")[0] for line in body.splitlines())


def workspace_crates():
    """The workspace's crates, as Cargo.toml lists its members: [(package name, src folder)]."""
    with open(WORKSPACE, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^members\s*=\s*\[(.*?)\]", toml_section(text, "workspace"), re.M | re.S)
    members = re.findall(r'"([^"]*)"', m.group(1)) if m else ["."]
    crates = []
    for pattern in members:
        globbed = any(ch in pattern for ch in "*?[")
        for member in sorted(glob.glob(pattern)) if globbed else [pattern]:
            manifest = os.path.join(member, "Cargo.toml")
            if not os.path.isfile(manifest):
                continue
            with open(manifest, encoding="utf-8") as f:
                package = toml_section(f.read(), "package")
            name = re.search(r'^\s*name\s*=\s*"([^"]+)"', package, re.M)
            src = os.path.normpath(os.path.join(member, "src")).replace(os.sep, "/")
            if name and os.path.isdir(src):
                crates.append((name.group(1), src))
    return crates


def discover(crate):
    """The crate's module files: [(path, module path)], `("lib",)` its src/lib.rs and `("bin",)`
    its src/main.rs (the modules of a crate with no lib.rs are the binary's)."""
    src, ignored = crate.src, crate.ignored_dirs
    base = "lib" if os.path.isfile(os.path.join(src, "lib.rs")) else "bin"
    files = []
    for root, dirs, names in os.walk(src):
        rel = os.path.relpath(root, src)
        parts = () if rel == "." else tuple(rel.split(os.sep))
        if parts and (parts[0] in ignored or parts[0] == "bin"):
            dirs[:] = []
            continue
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".rs"):
                continue
            stem = name[:-3]
            path = os.path.join(root, name).replace(os.sep, "/")
            if not parts and stem == "lib":
                files.append((path, ("lib",)))
            elif not parts and stem == "main":
                files.append((path, ("bin",)))
            elif not parts and stem in ignored:
                continue
            elif stem == "mod":
                files.append((path, (base,) + parts))
            else:
                files.append((path, (base,) + parts + (stem,)))
    return files


def tarjan(nodes, succ):
    index, low, on, stack, sccs, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    scc = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        scc.append(w)
                        if w == v:
                            break
                    sccs.append(sorted(scc))
    return sccs


def shortest_circle(start, succ, members):
    """A shortest path start -> ... -> start inside members (breadth first)."""
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(succ.get(v, ())):
                if w not in members:
                    continue
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    return None


def file_graph(crate, strict=False):
    """Reads one crate's files; returns (nodes, edges, skipped): its files less the test-only
    ones, sorted; {(from file, to file): {item name: (line, path as written)}}, each item with
    the first place that names it; and how many references of a module file to its own
    descendants were not counted (all are counted with strict). tools/import-order.py uses it."""
    for path, modpath in discover(crate):
        crate.add_file(path, modpath)

    def test_only(path):
        m = crate.file_mod[path]
        return path in crate.test_only_files or any(
            m[:len(t)] == t for t in crate.test_only)

    nodes = sorted(p for p in crate.file_mod if not test_only(p))
    node_set = set(nodes)
    resolver = Resolver(crate)
    # (from, to) -> {item name: (line, path as written)}; skipped: parent -> descendant
    edges, skipped = {}, 0
    for path in nodes:
        own = crate.file_mod[path]
        for ctx, segs, glob_, line in crate.refs[path]:
            r = resolver.resolve(segs, ctx)
            if r is None or r[0] == "ext":
                continue
            target = crate.modules.get(r[1])
            if target is None or target == path or target not in node_set:
                continue
            tmod = crate.file_mod[target]
            if not strict and len(tmod) > len(own) and tmod[:len(own)] == own:
                skipped += 1
                continue
            what = r[2] if r[0] == "item" else "(module " + "::".join(r[1][1:] or ("crate",)) + ")"
            shown = "::".join(segs) + ("::*" if glob_ else "")
            edges.setdefault((path, target), {}).setdefault(what, (line, shown))
    return nodes, edges, skipped


def check(crate, flags):
    """Reads one crate and prints what it found; returns 1 if the crate has a cycle, else 0."""
    strict = "--strict" in flags
    nodes, edges, skipped = file_graph(crate, strict)
    label = f"{crate.name} ({crate.src})"

    succ = {}
    for a, b in edges:
        succ.setdefault(a, set()).add(b)

    def edge_line(a, b, indent):
        items = edges[(a, b)]
        first = min(items.items(), key=lambda kv: kv[1][0])
        line, shown = first[1]
        names = ", ".join(sorted(items))
        return (f"{indent}{a} -> {b}: {names}\n"
                f"{indent}    e.g. {a}:{line}  {shown}")

    if "--graph" in flags:
        print(f"edges of {label} ({len(edges)}; 'from -> to: items named', one place that names "
              "them):")
        for a, b in sorted(edges):
            print(edge_line(a, b, "  "))
        print()

    cycles = [s for s in tarjan(nodes, succ) if len(s) > 1]
    cycles.sort(key=lambda s: (-len(s), s))
    mode = " (--strict)" if strict else ""
    if not cycles:
        print(f"import-cycles: {label}: no import cycle{mode}: {len(nodes)} files, "
              f"{len(edges)} edges"
              + ("" if strict else f" ({skipped} references of a module file to its own "
                 "descendants not counted)"))
        return 0

    total = sum(len(s) for s in cycles)
    print(f"import-cycles: {label}: {len(cycles)} import cycle(s){mode} over {total} files "
          f"({len(nodes)} files, {len(edges)} edges). Each must be broken: move an item so that "
          "one edge of every circle goes away.")
    for n, scc in enumerate(cycles, 1):
        members = set(scc)
        inner = sorted(e for e in edges if e[0] in members and e[1] in members)
        print(f"\ncycle {n} of {crate.name}: {len(scc)} files, {len(inner)} edges inside it")
        for f in scc:
            print(f"  {f}")
        circle = shortest_circle(scc[0], succ, members)
        if circle:
            print("  one circle: " + " -> ".join(circle))
        for f in scc:
            outs = [e for e in inner if e[0] == f]
            if not outs:
                continue
            print(f"  {f} names, inside the cycle:")
            for a, b in outs:
                print(edge_line(a, b, "    "))
    print()
    return 1


def main(argv):
    flags = set(argv[1:])
    unknown = flags - {"--graph", "--strict"}
    crates = workspace_crates() if os.path.isfile(WORKSPACE) else []
    if unknown or not crates:
        print(__doc__.split("\n\n")[0])
        print("usage (from the repository root): python3 tools/import-cycles.py [--graph] [--strict]")
        return 2
    failed = 0
    for name, src in crates:
        settings = CRATE_SETTINGS.get(name, {})
        crate = Crate(name, src, settings.get("ignored_dirs", ()), settings.get("external", ()))
        failed |= check(crate, flags)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv))
