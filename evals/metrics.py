"""Answer scoring, evidence recall, and paired bootstrap confidence intervals.

Two normalizations live here, each used where its numbers are compared with others':
LoCoMo's own (lower case, no punctuation, no articles or "and", Porter stems; its token
F1 and its category rules) for LoCoMo figures, and a plain one (lower case, no
punctuation or articles, ordinals as numbers) for matching gold strings inside answers.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from memory_schema.links import CITE_RE, WIKILINK_RE, parse_wikilink_match

# Currency signs go too: "€7,800" answers a gold "7,800" (ASCII punctuation has only "$").
_PUNCT = str.maketrans("", "", string.punctuation + "‘’“”€£¥")
_ORDINAL = re.compile(r"\b(\d+)(?:st|nd|rd|th)\b")
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_DAY_OF_MONTH = re.compile(rf"\b(\d+) of ({_MONTHS})\b")
#: Phrases by which an answer declines: ours ("I don't know: nothing in memory ...") and
#: LoCoMo's category-5 rule ("no information available", "not mentioned").
_ABSTAIN = re.compile(
    r"\b(i (?:do not|don't|dont) know|no information|not mentioned|never mentioned|"
    r"nothing in memory|can(?:not|'t) find|no record|not in memory|no mention|"
    r"(?:does not|doesn't) say|(?:do not|don't) have (?:any )?(?:information|record)|"
    r"not (?:enough|sufficient) information|there is no (?:information|mention|record))\b"
)


def strip_citations(text: str) -> str:
    """Answer text without [cite:N] markers, links as the text Obsidian shows: what a
    reader takes as the answer."""
    text = WIKILINK_RE.sub(_link_text, CITE_RE.sub(" ", text))
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _link_text(m: re.Match[str]) -> str:
    """What Obsidian shows for a link (its label, else its target's file name); a block
    link ([[sessions/x#^t3]]) points at evidence, like a citation, and reads as nothing."""
    link = parse_wikilink_match(m, 0)
    if link.block:
        return " "
    return link.shown or link.target.rsplit("/", 1)[-1]


def normalize(text: str) -> str:
    """Lower case, ordinals as numbers ("28th of May" = "28 may"), no punctuation or articles."""
    text = _ORDINAL.sub(r"\1", text.lower())
    text = _DAY_OF_MONTH.sub(r"\1 \2", text)
    text = text.replace(",", "").translate(_PUNCT)
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def is_abstention(text: str) -> bool:
    """The answer declines. Only its opening is read: a quoted turn further down that
    happens to say "I don't know" is not the answer declining."""
    opening = first_line(strip_citations(text))[:160]
    return not opening or bool(_ABSTAIN.search(opening.lower().replace("’", "'")))


def exact_match(answer: str, golds: Sequence[str]) -> bool:
    a = normalize(strip_citations(answer))
    return any(a == normalize(g) for g in golds)


def contains(answer: str, golds: Sequence[str]) -> bool:
    """Some gold string appears, as whole words, in the answer."""
    a = f" {normalize(strip_citations(answer))} "
    return any(f" {normalize(g)} " in a for g in golds if normalize(g))


def first_line(answer: str) -> str:
    """What is read as the answer: the first non-empty line (bullets stripped)."""
    for line in answer.splitlines():
        line = line.strip().lstrip("-*• ").strip()
        if line:
            return line
    return ""


# ---------------------------------------------------------------------- LoCoMo's own


@cache
def _stemmer() -> Any:
    from nltk.stem import PorterStemmer

    return PorterStemmer()


def locomo_normalize(text: str) -> str:
    """LoCoMo's normalize_answer: no commas, lower case, no punctuation, no a/an/the/and."""
    text = str(text).replace(",", "").lower()
    text = "".join(ch for ch in text if ch not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the|and)\b", " ", text)
    return " ".join(text.split())


def locomo_f1(prediction: str, gold: str) -> float:
    """LoCoMo's token F1 over Porter stems."""
    stem = _stemmer().stem
    pred = [stem(w) for w in locomo_normalize(prediction).split()]
    ref = [stem(w) for w in locomo_normalize(gold).split()]
    same = sum((Counter(pred) & Counter(ref)).values())
    if not same:
        return 0.0
    precision, recall = same / len(pred), same / len(ref)
    return 2 * precision * recall / (precision + recall)


def locomo_multi_f1(prediction: str, gold: str) -> float:
    """Category 1 (multi-hop): each comma-separated gold part scored against the best
    comma-separated part of the prediction, averaged."""
    preds = [p.strip() for p in prediction.split(",")]
    parts = [g.strip() for g in gold.split(",")]
    return sum(max(locomo_f1(p, g) for p in preds) for g in parts) / len(parts)


def locomo_score(prediction: str, gold: str, category: int) -> float:
    """LoCoMo's per-category QA score; category 5 is scored as abstention."""
    prediction = strip_citations(prediction)
    if category == 5:
        return 1.0 if is_abstention(prediction) else 0.0
    if category == 1:
        return locomo_multi_f1(prediction, gold)
    if category == 3:
        gold = gold.split(";")[0].strip()
    return locomo_f1(prediction, gold)


def token_f1(answer: str, golds: Sequence[str]) -> float:
    """Best LoCoMo-style token F1 of the answer against any gold string."""
    text = strip_citations(answer)
    return max((locomo_f1(text, g) for g in golds), default=0.0)


# ---------------------------------------------------------------------- evidence


def expand_anchor(anchor: str) -> list[str]:
    """'t3-t5' -> ['t3', 't4', 't5']; 't4' -> ['t4']."""
    m = re.fullmatch(r"\^?([tp])(\d+)(?:-\^?[tp]?(\d+))?", anchor.strip())
    if not m:
        return [anchor]
    kind, lo = m.group(1), int(m.group(2))
    hi = int(m.group(3)) if m.group(3) else lo
    return [f"{kind}{i}" for i in range(lo, max(lo, hi) + 1)]


def norm_path(path: str) -> str:
    """A memory path as files are named: no leading slash, with .md."""
    path = path.strip().lstrip("/")
    return path if path.endswith(".md") else f"{path}.md"


def cited_blocks(citations: Iterable[dict[str, Any]]) -> set[tuple[str, str]]:
    """(path, anchor) of every block the citations cover, ranges expanded."""
    out = set()
    for c in citations:
        for a in expand_anchor(str(c.get("anchor", ""))):
            out.add((norm_path(str(c.get("path", ""))), a))
    return out


def evidence_recall(citations: Iterable[dict[str, Any]], gold: Sequence[tuple[str, str]]) -> float:
    """Share of the gold evidence blocks among the answer's citations. A gold without an
    anchor is a whole file (a note): any citation of that file counts."""
    if not gold:
        return 0.0
    cited = cited_blocks(citations)
    files = {p for p, _ in cited}
    return sum(
        ((norm_path(p), a) in cited) if a else (norm_path(p) in files) for p, a in gold
    ) / len(gold)


def touched_gold(files_read: Iterable[str], gold: Sequence[tuple[str, str]]) -> bool:
    """The agent read (or was handed) a file that holds gold evidence."""
    read = {norm_path(f) for f in files_read}
    return any(norm_path(p) in read for p, _ in gold)


# ---------------------------------------------------------------------- statistics


def mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def bootstrap_ci(
    values: Sequence[float], *, seed: int = 0, resamples: int = 2000, level: float = 0.95
) -> tuple[float, float] | None:
    """Percentile bootstrap interval of the mean (numpy, seeded: same data, same interval)."""
    if len(values) < 2:
        return None
    import numpy as np

    arr = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(arr), size=(resamples, len(arr)))
    means = arr[idx].mean(axis=1)
    lo, hi = np.quantile(means, [(1 - level) / 2, (1 + level) / 2])
    return float(lo), float(hi)


def paired_difference(
    a: Sequence[float], b: Sequence[float], *, seed: int = 0, resamples: int = 2000
) -> dict[str, Any]:
    """Mean of a - b over paired items with its bootstrap 95% interval."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    ci = bootstrap_ci(diffs, seed=seed, resamples=resamples)
    return {
        "n": len(diffs),
        "mean": mean(diffs),
        "ci95": list(ci) if ci else None,
        "significant": bool(ci and (ci[0] > 0 or ci[1] < 0)),
    }
