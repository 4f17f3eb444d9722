"""Phase 2, summarize: `<id>.summary.md` beside each new or grown session.

Extractive: a few short points in the third person, each citing its turn, under a size
budget: the session's most informative statements as `observe` rewrote them ("Caroline
went to an LGBTQ support group"), in the order they were said; then the subjects the
session touched, as [[links]]. Without the embedding model (no statements), the most
informative sentences themselves, shortened.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from memory_schema.layout import summary_path_for
from memory_schema.links import link_target_for_path
from memory_schema.session import Session

from .extract import is_ai, sentences
from .observe import Statement
from .wiki import WikiPage, strip_cites

MIN_BULLETS = 3
MAX_BULLETS = 7
MAX_BULLET_CHARS = 220
#: Third-person points, each at most MAX_POINT_CHARS long, together at most this share of
#: the session's words (a session of 500 words gets about 15 words); one point at least.
POINT_SHARE = 0.03
MAX_POINT_CHARS = 80
_INFO_RE = re.compile(r"\b(?:I|my|we|our)\b|\d|[A-Z][a-z]+\s+[A-Z][a-z]+")


def _score(sentence: str, n_obs: int, role: str) -> float:
    words = len(sentence.split())
    if words < 4:
        return 0.0
    score = 3.0 * n_obs + min(words, 25) / 5 + len(_INFO_RE.findall(sentence)) / 2
    score += sum(1 for w in sentence.split()[1:] if w[:1].isupper()) / 2
    return score * (0.5 if role == "assistant" else 1.0)


def shorten(text: str, limit: int = MAX_BULLET_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def build_summary(
    session: Session,
    path: str,
    observed: dict[tuple[int, str], int],
    subjects: list[tuple[str, str]],
    statements: list[Any],
    keep: callable,  # type: ignore[valid-type]
    today: dt.date,
) -> WikiPage:
    """The summary page of a session.

    `observed[(turn, sentence)]` counts observations made from that sentence; `keep(text)`
    is False for text the forget log excludes; `subjects` are (title, [[link]]) pairs.
    """
    target = link_target_for_path(path)
    candidates: list[tuple[float, int, int, str]] = []
    for n, turn in enumerate(session.turns, start=1):
        if turn.role in ("system", "tool"):
            continue
        for j, sent in enumerate(sentences(turn.content)):
            if not keep(sent):
                continue
            role = "assistant" if is_ai(turn.role, turn.speaker) else "user"
            score = _score(sent, observed.get((n, sent), 0), role)
            if score > 0:
                candidates.append((score, n, j, sent))
    want = max(MIN_BULLETS, min(MAX_BULLETS, len(session.turns) // 2 + 1))
    chosen = sorted(sorted(candidates, key=lambda c: -c[0])[:want], key=lambda c: (c[1], c[2]))
    page = WikiPage(
        path=summary_path_for(path),
        title=f"Summary: {' '.join(session.title.split())}",
        type="summary",
        created=today,
        updated=today,
        auto_summary=False,
    )
    when = session.date
    page.extra_meta = {
        "session": session.id,
        "date": when,
        "participants": list(session.participants),
        "subjects": [title for title, _ in subjects],
    }
    if not statements:
        # Third-person points name who did what; quoted sentences need the who and when.
        first = f"**Date:** {when.isoformat() if when else 'unknown'}"
        page.lead = [f"{first} · **Participants:** {', '.join(session.participants)}"]
    points = []
    if statements:
        budget = POINT_SHARE * sum(len(t.content.split()) for t in session.turns)
        # What a page already cites is not said again here: the summary's points are
        # the session's best statements from turns no page cites.
        cited = {n for n, _ in observed}
        fresh = [st for st in statements if st.n not in cited]
        chosen_points: list[tuple[Any, str]] = []
        words = 0
        for st in best_points(fresh, len(fresh)) or best_points(statements, 1):
            text = shorten(st.said or st.line, MAX_POINT_CHARS)
            words += len(text.split())
            if chosen_points and words > budget:
                break
            chosen_points.append((st, text))
        for st, text in sorted(chosen_points, key=lambda p: p[0].n):
            ph = page.cite(target, f"t{st.n}", session.turns[st.n - 1].content)
            points.append(f"- {text} {ph}")
    else:
        for _, n, _, sent in chosen:
            turn = session.turns[n - 1]
            ph = page.cite(target, f"t{n}", turn.content)
            points.append(f"- {turn.who}: {shorten(sent)} {ph}")
    page.sections["Key points"] = points or ["- (no statements worth keeping)"]
    # The speakers are in the frontmatter's participants; the line links what else the
    # session was about.
    speakers = {p.casefold() for p in session.participants}
    others = [link for title, link in subjects if title.casefold() not in speakers]
    if others:
        page.sections["Subjects"] = [" · ".join(others)]
    page.summary = summary_line(page)
    return page


def summary_line(page: WikiPage) -> str:
    """The frontmatter's `summary:` of a session summary: its first points, so a point
    the validators cut goes from there too."""
    points = [strip_cites(x)[2:] for x in page.sections.get("Key points", [])]
    points = [x for x in points if x and not x.startswith("(")]
    return shorten(" ".join(points[:2]), 150)


def best_points(statements: list[Statement], limit: int) -> list[Statement]:
    """The session's most informative statements, one a turn, best first."""

    def weight(s: Statement) -> float:
        # What the speaker did or has (their name is the subject) before asides.
        own = 0.05 if s.line.startswith(s.speaker) else 0.0
        return s.margin + own + 0.02 * len(s.entities) + 0.01 * len(s.owned)

    ranked = sorted(statements, key=lambda s: -weight(s))
    seen: set[int] = set()
    chosen = []
    for st in ranked:
        if st.n in seen:
            continue
        seen.add(st.n)
        chosen.append(st)
        if len(chosen) >= limit:
            break
    return chosen
