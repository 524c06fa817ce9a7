#!/usr/bin/env python3
"""Makes the game's two font subsets from the characters its catalogues use.

  assets/fonts/ClearSans-Bold-subset.ttf   Clear Sans Bold: printable ASCII, the signs the game
                                           draws, and every other character of the catalogues
                                           that Clear Sans has (accents, Cyrillic).
  assets/fonts/NotoSansSC-Bold-subset.otf  Noto Sans SC Bold: the characters of the catalogues
                                           that Clear Sans lacks (Chinese, its punctuation).

Run it after a catalogue (assets/i18n/*.ftl) changes; the catalogue test fails while a string
uses a character neither subset has. Needs fontTools (pip install fonttools) and Debian's
fonts-clear-sans and fonts-noto-cjk packages:

  apt-get install fonts-clear-sans fonts-noto-cjk && pip install fonttools
  python3 tools/fonts.py
"""

import pathlib
import re
import unicodedata

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools.ttLib.tables._k_e_r_n import KernTable_format_0

ROOT = pathlib.Path(__file__).resolve().parent.parent
CLEAR_SANS = "/usr/share/fonts/truetype/clear-sans/ClearSans-Bold.ttf"
NOTO_CJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
NOTO_SC_NAME = "Noto Sans CJK SC Bold"

# What the game draws besides the catalogues' words: ASCII, the middle dot, the multiplication
# sign, the en dash, the minus sign, the ellipsis, the arrows, the no-break spaces; and the
# accented letters of the pseudo-language (crates/core/src/i18n/mod.rs) that tests draw every string in.
ALWAYS = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "\u00a0\u00b7\u00d7\u2013\u2026\u2190\u2191\u2192\u2193\u2212"
    + "åçéĝîñöŕšüŵýÅÇÉĜÎÑÖŔŠÜŴÝ"
)


def catalogue_text():
    """Every character of the catalogues' messages (not their comments or ids)."""
    chars = set()
    for path in sorted((ROOT / "assets" / "i18n").glob("*.ftl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("#"):
                continue
            # A message's first line: the text after "id =".
            match = re.match(r"^[a-zA-Z][\w-]*\s*=(.*)$", line)
            chars.update(match.group(1) if match else line)
    chars.discard("\n")
    return chars


def gpos_kerning(font):
    """Every pair's horizontal kerning (font units) in the GPOS table's "kern" feature: its pair
    adjustment lookups, glyph pairs (format 1) and class pairs (format 2). The first lookup that
    has a pair wins, as a shaper applies them."""
    gpos = font["GPOS"].table if "GPOS" in font else None
    if gpos is None or gpos.FeatureList is None:
        return {}
    lookups = sorted({
        index
        for record in gpos.FeatureList.FeatureRecord
        if record.FeatureTag == "kern"
        for index in record.Feature.LookupListIndex
    })
    pairs = {}
    for index in lookups:
        lookup = gpos.LookupList.Lookup[index]
        subtables = lookup.SubTable
        if lookup.LookupType == 9:  # extension lookups hold the real ones
            subtables = [st.ExtSubTable for st in subtables]
        for st in subtables:
            if getattr(st, "LookupType", 2) != 2:
                continue
            firsts = st.Coverage.glyphs
            if st.Format == 1:
                for first, pair_set in zip(firsts, st.PairSet):
                    for record in pair_set.PairValueRecord:
                        value = getattr(record.Value1, "XAdvance", 0) if record.Value1 else 0
                        pairs.setdefault((first, record.SecondGlyph), value)
            elif st.Format == 2:
                class1 = st.ClassDef1.classDefs
                class2 = st.ClassDef2.classDefs
                seconds = font.getGlyphOrder()
                # A class pair matches any second glyph (class 0 for the unlisted ones), zero
                # or not: a shaper stops at it, so a zero here hides a later subtable's value.
                for first in firsts:
                    row = st.Class1Record[class1.get(first, 0)].Class2Record
                    for second in seconds:
                        record = row[class2.get(second, 0)]
                        value = getattr(record.Value1, "XAdvance", 0) if record.Value1 else 0
                        pairs.setdefault((first, second), value)
    return {pair: value for pair, value in pairs.items() if value}


def add_kern_table(font, kerned):
    """A legacy `kern` table (format 0) holding the GPOS pair kerning between the characters
    `kerned`: ab_glyph, which draws the game's text, reads kerning from that table only. Returns
    the number of pairs."""
    cmap = font.getBestCmap()
    glyphs = {cmap[ord(c)] for c in kerned if ord(c) in cmap}
    pairs = {
        (a, b): value for (a, b), value in gpos_kerning(font).items() if a in glyphs and b in glyphs
    }
    if not pairs:
        return 0
    kern = newTable("kern")
    kern.version = 0
    table = KernTable_format_0()
    table.version, table.format, table.coverage, table.tupleIndex = 0, 0, 1, 0
    table.kernTable = pairs
    kern.kernTables = [table]
    font["kern"] = kern
    return len(pairs)


def make(font, chars, kerned, out):
    options = subset.Options()
    options.layout_features = ["kern"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.hinting = False
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    pairs = add_kern_table(font, kerned)
    font.save(out)
    return out.stat().st_size, pairs


# Players' names (the ranked tables) are drawn only where the fonts have every character
# (src/game/screens/leaderboard.rs): every letter and mark Clear Sans has of these blocks is kept,
# so that a name in a European language (Zoë, Łukasz, Đorđe, Ngọc) is drawn as written.
NAME_BLOCKS = [(0x00C0, 0x024F), (0x0300, 0x036F), (0x0370, 0x03FF), (0x0400, 0x052F), (0x1E00, 0x1EFF)]


def name_letters(cmap):
    """The letters and marks of `NAME_BLOCKS` that the face mapped by `cmap` has."""
    return {
        chr(c)
        for lo, hi in NAME_BLOCKS
        for c in range(lo, hi + 1)
        if c in cmap and unicodedata.category(chr(c))[0] in "LM"
    }


def main():
    clear = TTFont(CLEAR_SANS)
    has = clear.getBestCmap()
    # Kerned: the game's own words. Names' other letters are drawn unkerned (all of Clear Sans's
    # pairs among them made the face 191 KB instead of 36).
    words = catalogue_text() | set(ALWAYS)
    wanted = words | name_letters(has)
    latin = {c for c in wanted if ord(c) in has}
    rest = {c for c in wanted - latin if not c.isspace()}
    noto = next(f for f in TTCollection(NOTO_CJK).fonts if f["name"].getDebugName(4) == NOTO_SC_NAME)
    lacking = sorted(c for c in rest if ord(c) not in noto.getBestCmap())
    if lacking:
        raise SystemExit(f"neither face has: {' '.join(lacking)}")
    fonts = ROOT / "assets" / "fonts"
    a = make(clear, latin, words, fonts / "ClearSans-Bold-subset.ttf")
    b = make(noto, rest, words, fonts / "NotoSansSC-Bold-subset.otf")
    print(f"ClearSans-Bold-subset.ttf: {len(latin)} characters, {a[0]} bytes, {a[1]} kerning pairs")
    print(f"NotoSansSC-Bold-subset.otf: {len(rest)} characters, {b[0]} bytes, {b[1]} kerning pairs")


if __name__ == "__main__":
    main()
