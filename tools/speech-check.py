#!/usr/bin/env python3
"""Reads what a screen reader hears aloud with espeak-ng, in every language, and fails on what
only sounds wrong.

The sentences come from the game's own code (`cargo run -p g2048-tools --example sentences`, one
`LANG<TAB>WHAT<TAB>SENTENCE` a line, as the screen readers get them). For each one, espeak-ng
writes its phonemes (IPA) and a WAV file to listen to; the check fails when:
  - a number is not read as one number: espeak-ng's reading of it differs from its reading of
    its digits alone ("20 000" read as twenty, zero zero zero);
  - a sign is read as a word it does not mean there: "×" ("4×4" read as "4 times 4");
  - espeak-ng reads a letter where a word was meant (a plural "s" glued to a digit: "8s");
  - a sentence with no Latin letters is read partly as English (a sign the language's voice
    does not know: "%" in Chinese).
It prints the IPA of each language's move sentence, for a person to read along.

  apt-get install espeak-ng
  cargo run --quiet -p g2048-tools --example sentences | python3 tools/speech-check.py [WAV-FOLDER]
"""

import pathlib
import re
import subprocess
import sys

# espeak-ng's voice for each of the game's languages.
# (Mandarin's "cmn" voice reads the characters' pinyin with English letters: "cmn-latn-pinyin"
# reads it as pinyin.)
VOICES = {"en": "en", "fr": "fr", "de": "de", "es": "es", "pt-BR": "pt-br", "ru": "ru",
          "zh-CN": "cmn-latn-pinyin"}
# What groups a number's digits in each language as the game writes it (a no-break space never
# reaches a screen reader: Words::spoken drops it).
GROUPING = {"en": ",", "zh-CN": ",", "de": ".", "es": ".", "pt-BR": "."}
NUMBER = re.compile(r"\d(?:[\d.,\u00a0\u202f]*\d)?")


def ipa(voice, text):
    out = subprocess.run(["espeak-ng", "-v", voice, "-q", "--ipa", text],
                         capture_output=True, text=True, check=True).stdout
    return " ".join(out.split())


def sounds(voice, text):
    """The phonemes alone: stress marks and pauses may differ where the sounds do not."""
    return re.sub(r"[ˈˌ\s]", "", ipa(voice, text))


def main():
    wavs = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/speech")
    wavs.mkdir(parents=True, exist_ok=True)
    problems, heard, count = [], {}, 0
    for line in sys.stdin:
        if not line.strip():
            continue
        lang, what, sentence = line.rstrip("\n").split("\t")
        voice = VOICES[lang]
        count += 1
        said = ipa(voice, sentence)
        if not said:
            problems.append(f"{lang} {what}: espeak-ng says nothing for {sentence!r}")
        if what == "move":
            heard[lang] = (sentence, said)
        # A sentence without Latin letters (key names, loanwords such as "Coach") read partly
        # as English: a sign it does not know in that language ("%" in Chinese).
        if "(en)" in said and lang != "en" and not re.search(r"[A-Za-z]", sentence):
            problems.append(f"{lang} {what}: espeak-ng falls back to English: {said!r}")
        name = f"{lang}-{what.replace(' ', '-')}-{count}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wavs / name), sentence], check=True)
        if "×" in sentence:
            problems.append(f"{lang} {what}: a × is read as a multiplication: {sentence!r}")
        if re.search(r"\d+s\b", sentence):
            problems.append(f"{lang} {what}: a digit with a plural s: {sentence!r}")
        for number in NUMBER.findall(sentence):
            # The language's separator, or a no-break space (should one reach a screen reader).
            separators = re.escape(GROUPING.get(lang, "") + "\u00a0\u202f")
            grouped = re.fullmatch(rf"\d{{1,3}}(?:[{separators}]\d{{3}})+", number)
            if not grouped and not number.isdigit():
                continue  # a list's commas, a date: not one number
            digits = re.sub(r"\D", "", number)
            if sounds(voice, number) != sounds(voice, digits):
                problems.append(f"{lang} {what}: {number!r} is not read as {digits}: "
                                f"{ipa(voice, number)!r} against {ipa(voice, digits)!r}")
    for lang, (sentence, said) in heard.items():
        print(f"speech-check: {lang}: {sentence}\n  /{said}/")
    print(f"speech-check: {count} sentences read aloud in {len(heard)} languages; WAV files in {wavs}")
    if problems:
        print("\n".join(f"speech-check: {p}" for p in problems))
        sys.exit(1)
    print("speech-check: ok")


if __name__ == "__main__":
    main()
