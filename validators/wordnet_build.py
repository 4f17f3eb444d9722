"""Build validators/data/wordnet.json.gz from a WordNet 3.0 database folder.

    python -m validators.wordnet_build /usr/share/wordnet   # Debian: apt-get install wordnet-base

The support check needs what a thesaurus knows: which words share a sense, which word
is a kind of which, which are opposites, which are forms of one another. Only the
senses people use are kept (WordNet's sense-tagged ones, or a lemma's first sense), so
a rare sense ("mother" as the film on vinegar) never makes two words synonyms.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
NOTICE = (
    "Derived from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University. "
    "All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED 'AS IS' AND PRINCETON "
    "UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. Permission to "
    "use, copy, modify and distribute this database for any purpose and without fee is "
    "granted, provided this notice appears on all copies (https://wordnet.princeton.edu)."
)


def _read_data(root: Path, name: str, p: str) -> dict[str, dict]:
    out = {}
    for line in (root / f"data.{name}").read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        head = line.split(" | ")[0].split()
        off, ss_type, n = head[0], head[2], int(head[3], 16)
        words = [head[4 + 2 * i].lower() for i in range(n)]
        k = 4 + 2 * n
        ptrs = []
        for i in range(int(head[k])):
            sym, target, tpos, st = head[k + 1 + 4 * i : k + 5 + 4 * i]
            ptrs.append(
                (sym, f"{'a' if tpos == 's' else tpos}{target}", int(st[:2], 16), int(st[2:], 16))
            )
        gloss = line.split(" | ", 1)[1] if " | " in line else ""
        out[f"{p}{off}"] = {"words": words, "ptrs": ptrs, "type": ss_type, "gloss": gloss}
    return out


#: Words after which a verb's definition names another verb it is said by: 'arrange
#: for and reserve', 'go away or leave'. Not 'to': 'refuse to accept' (decline) and 'fail
#: to attend' (skip) say the opposite of the verb after it.
_BEFORE_VERB = frozenset(["and", "or", ","])


def _defining_verbs(gloss: str) -> list[str]:
    """The verbs a verb's definition is said in, read where a verb stands in it (its first
    word, or after 'and', 'or' or a comma): 'arrange for and reserve (something ...) in
    advance' -> arrange, reserve; 'do volunteer work' -> do (its 'work' is a noun)."""
    first = gloss.split(";")[0].split('"')[0]
    words = [w for w in first.replace(",", " , ").replace("(", " ( ").split()]
    out = []
    for i, w in enumerate(words):
        w = w.lower()
        if (
            w.isalpha()
            and w not in _BEFORE_VERB
            and (i == 0 or words[i - 1].lower() in _BEFORE_VERB)
        ):
            out.append(w)
    return out


def build(root: Path) -> dict:
    synsets: dict[str, dict] = {}
    for name, p in POS.items():
        synsets.update(_read_data(root, name, p))
    # Every sense, most frequent first, with how many of them are in use (sense-tagged,
    # at least one): shared senses make synonyms, only senses in use make sisters.
    lemmas: dict[str, list[str]] = {}
    rare: dict[str, list[str]] = {}
    for name, p in POS.items():
        for line in (root / f"index.{name}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            f = line.split()
            lemma, n_syn, n_ptr = f[0], int(f[2]), int(f[3])
            tagged = int(f[5 + n_ptr])
            offs = f[6 + n_ptr : 6 + n_ptr + n_syn]
            n = max(1, tagged)
            lemmas.setdefault(lemma, []).extend(f"{p}{o}" for o in offs[:n])
            rare.setdefault(lemma, []).extend(f"{p}{o}" for o in offs[n:])
    used = {s for ids in [*lemmas.values(), *rare.values()] for s in ids}
    # Ancestors of used synsets are needed for "a kind of" checks.
    frontier = list(used)
    while frontier:
        s = frontier.pop()
        for sym, t, _, _ in synsets[s]["ptrs"]:
            if sym in ("@", "@i", "&") and t not in used:
                used.add(t)
                frontier.append(t)
    ids = {s: i for i, s in enumerate(sorted(used))}
    syn_out = []
    antonyms: set[tuple[str, str]] = set()
    related: set[tuple[str, str]] = set()
    defined: dict[str, list[str]] = {}  # a verb sense -> the verbs its definition says
    for s in sorted(used):
        d = synsets[s]
        up = sorted({ids[t] for sym, t, _, _ in d["ptrs"] if sym in ("@", "@i") and t in ids})
        similar = sorted({ids[t] for sym, t, _, _ in d["ptrs"] if sym == "&" and t in ids})
        syn_out.append([s[0], up, similar])
        if s[0] == "v":
            said_by = [
                w
                for w in _defining_verbs(d["gloss"])
                if w not in d["words"] and any(o[0] == "v" for o in lemmas.get(w, ()))
            ]
            if said_by:
                defined[str(ids[s])] = said_by
        for sym, t, src, dst in d["ptrs"]:
            if t not in synsets:
                continue
            srcs = [d["words"][src - 1]] if src else d["words"]
            dsts = [synsets[t]["words"][dst - 1]] if dst else synsets[t]["words"]
            for a in srcs:
                for b in dsts:
                    if a == b:
                        continue
                    if sym == "!":
                        antonyms.add(tuple(sorted((a, b))))
                    elif sym in ("+", "\\", "<", "=") and src:
                        related.add(tuple(sorted((a, b))))
    exceptions = {}
    for name in POS:
        for line in (root / f"{name}.exc").read_text("latin-1").splitlines():
            f = line.split()
            if len(f) >= 2:
                exceptions.setdefault(f[0], sorted(set(f[1:]) | set(exceptions.get(f[0], []))))
    return {
        "notice": NOTICE,
        "synsets": syn_out,
        "lemmas": {k: [ids[s] for s in v] for k, v in lemmas.items()},
        "rare": {k: [ids[s] for s in v] for k, v in rare.items() if v},
        "antonyms": sorted(antonyms),
        "related": sorted(related),
        "exceptions": exceptions,
        "defined_by": defined,
    }


def main(argv: list[str]) -> None:
    root = Path(argv[0] if argv else "/usr/share/wordnet")
    out = Path(__file__).parent / "data" / "wordnet.json.gz"
    data = build(root)
    out.write_bytes(gzip.compress(json.dumps(data, separators=(",", ":")).encode(), mtime=0))
    print(f"{out}: {out.stat().st_size} bytes, {len(data['lemmas'])} lemmas")


if __name__ == "__main__":
    main(sys.argv[1:])
