"""Whose memory it is, learned from a conversation when nobody set it.

People who type in lower case introduce themselves in lower case ("fwiw im priya"),
and a lower-case word is no name by its looks. The assistant's answer settles it: an
AI that replies "Nice to meet you, Priya." has read the word as a name. So a word
after a self-introduction cue counts as the owner's name when the user wrote it
capitalised (`extract.self_introduction`), or when the AI's next turn addresses the
user by it, capitalised. Dream records what it learns in `.brain/config.yaml` (see run.py).
"""

from __future__ import annotations

import re
from typing import Any

from language.names import known_word, names_nobody
from memory_schema.links import WIKILINK_RE, normalize_key
from memory_schema.session import Session, Turn
from validators.semantic import STOPWORDS

from .extract import INTRO_CUE, self_introduction, with_surname

#: A self-introduction's cue (extract.INTRO_CUE): the words after it may be a name.
_CUE = re.compile(rf"\b{INTRO_CUE}\s+(\w+)(?:\s+(\w+))?", re.IGNORECASE)


def introduced_name(session: Session, embedder: Any = None) -> str | None:
    """The name a user of this session gives for themself, or None. `embedder` reads a
    signature typed in lower case that a dictionary also lists ("daniel")."""
    turns = session.turns
    for i, turn in enumerate(turns):
        if turn.role != "user":
            continue
        asked = _question_before(turns, i)
        name = self_introduction(turn.content, asked=asked) or signs_own(turn.content, embedder)
        if name:
            return name
        draft = next((t for t in reversed(turns[:i]) if t.role != "tool"), None)
        if draft is not None and draft.by_ai:
            name = _signs_draft(turn, draft)
            if name:
                return name
        reply = next((t for t in turns[i + 1 :] if t.role != "tool"), None)
        if reply is None or not reply.by_ai:
            continue
        name = _confirmed(turn, reply) or _signed(turn, reply)
        if name:
            return name
    if embedder is None:
        return None
    # The embedding model reads a lower-case word as a name in "i'm <word>" by examples.
    for i, turn in enumerate(turns):
        if turn.role == "user":
            name = self_introduction(turn.content, embedder, _question_before(turns, i))
            if name:
                return name
    return None


def _question_before(turns: list[Turn], i: int) -> str | None:
    """The question the AI's turn just before turn `i` ends on, which turn `i` answers."""
    before = next((t for t in reversed(turns[:i]) if t.role != "tool"), None)
    if before is None or not before.by_ai:
        return None
    asked = [s for s in re.split(r"(?<=[.!?])\s+", before.content.strip()) if s.endswith("?")]
    return asked[-1] if asked else None


#: How a letter or message closes: the name after one of these signs it.
_CLOSINGS = (
    "cheers|best|best wishes|all the best|thanks|many thanks|thank you|regards|kind regards|"
    "warm regards|best regards|sincerely|yours|yours sincerely|love|talk soon|speak soon|ta"
)
#: "Cheers, Darek", "Best,\nDarek Nowak" or "— Darek" at the end of a message the AI
#: drafted (quoted or not).
_SIGNATURE = re.compile(
    rf"^[>\s]*(?:(?:{_CLOSINGS})\s*[,!.]?|[-–—])\s*(?:\n[>\s]*)?"
    r"(?P<name>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)[ \t\"'”’]*$",
    re.IGNORECASE | re.MULTILINE,
)


def _signed(turn: Turn, reply: Turn) -> str | None:
    """The name a message the AI drafted for the user is signed with, when the user's
    turn wrote that word ("word a msg to my manager ... sign it darek" -> "Cheers,
    Darek"): whoever a message is from, it is signed with the sender's name, so the
    word is the user's, though typed in lower case and with no introduction."""
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", turn.content)}
    for m in _SIGNATURE.finditer(reply.content):
        name = m.group("name")
        words = name.lower().split()
        if all(w in said for w in words) and words[0] not in STOPWORDS:
            return name
    return None


#: The sign-off a message ends with: a closing ("cheers, ravi") or a dash ("- marcus"),
#: then one or two words, then only punctuation or a closing quote.
_ENDS_SIGNED = re.compile(
    rf"(?:\b(?:{_CLOSINGS})\s*[,!.]?|(?<!\S)[-–—])\s*"
    r"(?P<name>[^\W\d_]{2,20}(?:[ \t]+[^\W\d_]{2,20})?)[\W_]*$",
    re.IGNORECASE,
)
#: Where a turn's own words end and a message it pastes or quotes begins: a quote mark
#: opening words, a colon before a new line, or a blank line.
_MESSAGE_START = re.compile(r"""(?:^|[\s:])['"“‘](?=\w)|:\s*\n|\n\s*\n""")


#: A signature in lower case that a dictionary lists is a name when it reads as a
#: person's by this much over a brand or a place (`name_word` examples): "daniel" by 0.21,
#: "jo" by 0.16; "love" (0.05) and "mate" (a place's, 0.05) sign nothing.
NAME_LEAD = 0.12


def signs_own(text: str, embedder: Any = None) -> str | None:
    """The name a user's turn is signed with, when the message is the user's: the turn
    ends with a sign-off ("thanks! - marcus", "cheers, ravi"), and either the whole turn
    is the user's own message, signed on a line of its own, or its own words before a
    pasted one say it is to be sent or was written (`_sends`: "does this sound ok to send
    my supervisor"). Whoever sends a message signs it with their own name; a message the
    user got ("my landlord sent me this: ...") is signed by someone else: no name."""
    m = _ENDS_SIGNED.search(text.rstrip())
    if m is None:
        return None
    words = m.group("name").split()
    if any(names_nobody(w.lower()) or w.lower() in STOPWORDS for w in words):
        return None
    # a word in lower case that a dictionary explains ("thanks, mate") is a name only
    # when it reads as one
    listed = [w.lower() for w in words if w.islower() and known_word(w)]
    if listed and not _read_as_names(listed, embedder):
        return None
    # A blank line before the sign-off sets it apart from the message; one before the
    # message's own words opens a pasted message.
    start = _MESSAGE_START.search(text[: m.start()].rstrip())
    if start is not None and not _sends(text[: start.start()]):
        return None
    if start is None and not text[: m.start()].rstrip(" \t").endswith("\n"):
        # On its own line it signs the turn; inside one's own line it is said to someone
        # ("thanks, sam") or about something ("met the lads - dave").
        return None
    return " ".join(w[:1].upper() + w[1:] for w in words)


def _read_as_names(words: list[str], embedder: Any) -> bool:
    if embedder is None:
        return False
    from language import classifier_for

    reads = classifier_for(embedder, "name_word").label(embedder.embed(words))
    return all(label == "person" and lead >= NAME_LEAD for label, lead in reads)


def _sends(frame: str) -> bool:
    """The user's own words say a message is theirs to send: a verb of sending or
    writing, by WordNet ("send", "post", "forward", "write", "draft"), done by the user,
    by nobody named ("ok to send"), or by the assistant asked to, and not to the user
    ("she sent me this")."""
    from language.errors import LanguageError
    from language.nlp import parse
    from validators.lexicon import sense_of

    try:
        doc = parse([frame])[0]
    except LanguageError:
        return False
    for t in doc:
        if t.pos_ != "VERB":
            continue
        lemma = t.lemma_.lower()
        if not (sense_of(lemma, "send", "v") or sense_of(lemma, "write", "v")):
            continue
        subject = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None and subject.lower_ not in ("i", "we", "you"):
            continue
        if any(c.lower_ in ("me", "us") for c in t.children if c.dep_ in ("dative", "dobj")):
            continue
        return True
    return False


#: A sign-off written inside a sentence: "changed it to 'warm regards, Claire' and sent".
_SIGN_OFF = re.compile(rf"\b(?:{_CLOSINGS})\s*,\s*(?P<name>[A-Z][\w'’-]+)\b", re.IGNORECASE)


def _signs_draft(turn: Turn, draft: Turn) -> str | None:
    """The name the user signs a message the AI drafted with ("Best wishes,\n[Your
    name]" answered by "changed it to 'warm regards, Claire' and sent"): the draft ends
    with a sign-off, so the user's own sign-off is theirs, the sender's."""
    if not _SIGNATURE.search(draft.content) and not _PLACEHOLDER.search(draft.content):
        return None
    for m in _SIGN_OFF.finditer(turn.content):
        name = m.group("name")
        if name[:1].isupper() and name.lower() not in STOPWORDS:
            return name
    return None


#: Where a draft leaves the sender's name to fill in: "[Your name]", "<your name>".
_PLACEHOLDER = re.compile(r"[\[<{(]\s*your\s+(?:full\s+)?name\s*[\]>})]", re.IGNORECASE)


def _confirmed(turn: Turn, reply: Turn) -> str | None:
    """A word after a cue that the AI's reply writes capitalised, with the next word when
    the reply capitalises that too ("Priya Raman")."""
    for m in _CUE.finditer(turn.content):
        first, second = m.group(1), m.group(2)
        if first.lower() in STOPWORDS or first.isdigit():
            continue
        shown = _capitalised(reply.content, first)
        if shown is None:
            continue
        if second and second.lower() not in STOPWORDS:
            both = _capitalised(reply.content, f"{first} {second}")
            if both is not None:
                return both
        # "im teo btw, teo halvorsen" answered "Nice to meet you, Teo": the surname the
        # user gave is theirs too, though the reply uses the first name only.
        full = with_surname(turn.content, first)
        return full if full.split()[0] == shown else shown
    return None


def _capitalised(text: str, words: str) -> str | None:
    """`words` as `text` writes them, when every one starts with a capital there."""
    for m in re.finditer(rf"\b{re.escape(words)}\b", text, re.IGNORECASE):
        found = m.group(0)
        # Addressed by name ("Nice to meet you, Priya", "Hi Maya"), not a sentence's
        # first word ("Tired is normal") nor a capitalised adjective ("a Canadian").
        addressed = re.search(r"(?:,|\b(?:hi|hello|hey|dear|welcome))\s*$", text[: m.start()], re.I)
        if addressed and all(w[:1].isupper() for w in found.split()):
            return found
    return None


def adopt_owner(wiki: Any, earlier: str | None, owner: str | None = None) -> None:
    """The owner set by hand after a Dream already wrote the profile under another name
    (the stand-in "User", or a name it learned) takes that profile over: the page moves
    to the owner's title (merged into the owner's page when one exists), the earlier name
    stays an alias so every old link still resolves, and links and Dream's own lines
    (pages and session summaries) name the owner."""
    owner = owner or wiki.plan.config.owner
    if not owner or not earlier:
        return
    names = {normalize_key(n) for n in [owner, *wiki.principal_aliases]}
    if normalize_key(earlier) in names:
        return
    old = wiki.subjects.exact(earlier)
    if old is None or old.type != "profile":
        return
    target = wiki.subjects.exact(owner)
    old_stem, old_path, old_title = old.stem, old.path, old.title
    if target is None or target is old:
        wiki.subjects.retitle(old, owner)
        page = old
    else:
        _merge(old, target)
        wiki.subjects.drop(old)
        page = target
        page.type = "profile"
    wiki.subjects.add_alias(page, old_title)
    if page.path != old_path:
        wiki.extra_files[old_path] = None
        if page.path not in wiki.originals:
            wiki.created.add(page.path)  # a merge into the owner's page updates it
    wiki.touched.add(page.path)
    keys = {normalize_key(old_stem), normalize_key(old_title)}
    for other in wiki.pages.values():
        if _rename_in(other, keys, page, old_title):
            wiki.touched.add(other.path)
    wiki.extra_files.update(_renamed_summaries(wiki, keys, page, old_title))


def _merge(old: Any, into: Any) -> None:
    """Every line of `old` that `into` does not say yet, with its evidence."""
    into.quotes.update({k: v for k, v in old.quotes.items() if k not in into.quotes})
    for section, lines in old.sections.items():
        have = into.sections.setdefault(section, [])
        for line in lines:
            if line.strip() and line not in have:
                have.append(line)
    into.lead += [x for x in old.lead if x.strip() and x not in into.lead]


def _rename_line(line: str, keys: set[str], page: Any, old_title: str) -> str:
    def repl(m: re.Match[str]) -> str:
        bang, target, frag, shown = m.group(1), m.group(2), m.group(3) or "", m.group(4)
        if bang or normalize_key(target) not in keys:
            return m.group(0)
        if shown is None or shown == old_title:
            shown = page.title
        return f"[[{page.stem}{frag}]]" if shown == page.stem else f"[[{page.stem}{frag}|{shown}]]"

    line = WIKILINK_RE.sub(repl, line)
    # Dream's own words named the owner by the earlier name ("User's sister Ines"); the
    # quoted evidence is not in these lines and stays as it was said.
    parts = re.split(r"(\[\[[^\]]*\]\]|\[cite:[^\]]*\])", line)
    pattern = rf"(?<![\w-]){re.escape(old_title)}(?![\w-])"
    return "".join(p if p.startswith("[") else re.sub(pattern, page.title, p) for p in parts)


def _rename_in(page: Any, keys: set[str], owner_page: Any, old_title: str) -> bool:
    changed = False
    for lines in [page.lead, *page.sections.values()]:
        new = [_rename_line(x, keys, owner_page, old_title) for x in lines]
        if new != lines:
            lines[:] = new
            changed = True
    if not page.auto_summary and old_title in page.summary:
        page.summary = _rename_line(page.summary, keys, owner_page, old_title)
        changed = True
    return changed


def _renamed_summaries(wiki: Any, keys: set[str], page: Any, old_title: str) -> dict[str, str]:
    """Session summaries of earlier runs, with their links and points naming the owner."""
    from memory_schema.errors import ParseError
    from memory_schema.page import Page

    from .wiki import WikiPage

    paths = [p for p in wiki.plan.files if p.endswith(".summary.md")]
    out = {}
    for path, data in wiki.repo.show_many(paths, wiki.plan.base).items():
        if data is None or path in wiki.summaries:
            continue
        text = data.decode("utf-8", "replace")
        if old_title not in text:
            continue
        try:
            summary = WikiPage.from_page(Page.parse(text, path))
        except ParseError:
            continue
        summary.auto_summary = False
        if _rename_in(summary, keys, page, old_title):
            subjects = summary.extra_meta.get("subjects")
            if isinstance(subjects, list):
                summary.extra_meta["subjects"] = [
                    page.title if s == old_title else s for s in subjects
                ]
            out[path] = summary.render()
    return out
