"""A shorter wiki: statements cut to their informative clauses, and a turn said once.

A statement is cut to its informative clauses: "I went to a support group yesterday and
it was so powerful" keeps "I went to a support group yesterday".

A sentence is split into clauses by its parse (the root, and every coordinated,
complement, adverbial or loose clause with a subject of its own); each clause is
classified informative or chatter by the same example sentences as whole statements
(`language/data/prototypes.json`, "statement"). A chatter clause that names nothing
(no entity, date or number) is left out of the line, with the "and" or comma that
joined it. Grammar and examples, no phrase lists: reactions ("it was awesome"), hedges
and asides ("By the way,", "As for me,") go because they read like chatter, whatever
their words.

A turn is said once: a statement close to chatter stays off the pages when a stronger
statement of the same turn is on them (the turn is cited either way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .observe import Statement

#: A statement this close to chatter ("something exciting happened recently") goes on a
#: page only as the best of its turn, unless it names someone or changes a value.
WEAK_MARGIN = 0.06
#: A clause whose informative-minus-chatter margin is below this is chatter.
CLAUSE_MARGIN = -0.05
#: Dependencies that start a clause of its own when the verb has a subject.
_CLAUSE_DEPS = {"conj", "parataxis", "advcl", "ccomp"}
_FRONTED = {"prep", "advmod", "npadvmod", "advcl", "intj"}
_SUBJECTS = {"nsubj", "nsubjpass", "expl", "csubj"}
#: Entity labels that make a clause worth keeping whatever it reads like.
_KEEP_LABELS = {
    "PERSON", "GPE", "LOC", "FAC", "ORG", "EVENT", "PRODUCT", "WORK_OF_ART", "NORP",
    "DATE", "TIME", "CARDINAL", "MONEY", "QUANTITY", "PERCENT", "ORDINAL",
}  # fmt: skip


def clauses(sent: Any) -> list[list[Any]]:
    """A sentence's clauses (a spaCy Span): token lists, each owned by its nearest
    clause head."""
    doc = sent.doc
    heads = {
        t.i
        for t in sent
        if t.dep_ == "ROOT"
        or (
            t.dep_ in _CLAUSE_DEPS
            and t.pos_ in ("VERB", "AUX")
            and any(c.dep_ in _SUBJECTS for c in t.children)
        )
    }
    # A modifier fronted before its clause and set off by a comma ("By the way,", "As
    # for me,", "Last Friday,") is judged on its own.
    for h in list(heads):
        for c in doc[h].lefts:
            end = c.right_edge.i + 1
            if c.dep_ in _FRONTED and end < len(doc) and doc[end].text in (",", "-", "—"):
                heads.add(c.i)
    units: dict[int, list[Any]] = {h: [] for h in heads}
    for t in sent:
        a = t
        while a.i not in heads and a.head.i != a.i:
            a = a.head
        units.setdefault(a.i, []).append(t)
    return [u for u in units.values() if u]


def _text(unit: list[Any]) -> str:
    words = [t for t in unit if not (t.is_punct or t.dep_ == "cc")]
    return "".join(t.text_with_ws for t in words).strip()


def _joiners(doc: Any, unit: list[Any]) -> set[int]:
    """The 'and' and punctuation just before a clause, which go with it."""
    out = set()
    i = unit[0].i - 1
    while i >= unit[0].sent.start and (doc[i].is_punct or doc[i].dep_ == "cc"):
        out.add(i)
        i -= 1
    return out


def chatter_tokens(docs: list[Any], embedder: Any, classifier: Any) -> list[set[int]]:
    """Per doc, the token indices of its chatter clauses (one embedding batch in all).

    Each sentence of a doc is cut on its own. A sentence of one clause is kept whole,
    and so is a complement clause ("it made me [think ...]"): the verb it completes
    needs it."""
    out: list[set[int]] = [set() for _ in docs]
    split = [(k, clauses(sent)) for k, doc in enumerate(docs) for sent in doc.sents]
    todo: list[tuple[int, int]] = []
    for s, (k, units) in enumerate(split):
        if len(units) < 2:
            continue
        named = {t.i for e in docs[k].ents if e.label_ in _KEEP_LABELS for t in e}
        for j, unit in enumerate(units):
            if _text(unit) and not any(t.i in named for t in unit):
                todo.append((s, j))
    if not todo:
        return out
    texts = [_text(split[s][1][j]) for s, j in todo]
    scores = classifier.scores(embedder.embed(texts))
    info, chat = classifier.labels.index("informative"), classifier.labels.index("chatter")
    margins = scores[:, info] - scores[:, chat]
    chatter: dict[int, set[int]] = {}
    for (s, j), m in zip(todo, margins, strict=True):
        k, units = split[s]
        if m < CLAUSE_MARGIN and _droppable(docs[k], _head(units[j])):
            chatter.setdefault(s, set()).add(j)
    for s, drop in chatter.items():
        k, units = split[s]
        out[k] |= _tokens_to_drop(docs[k], units, drop)
    return out


def _tokens_to_drop(doc: Any, units: list[list[Any]], drop: set[int]) -> set[int]:
    heads = [_head(u) for u in units]
    owner = {t.i: j for j, u in enumerate(units) for t in u}
    root = next(j for j, h in enumerate(heads) if h.dep_ == "ROOT")
    # The root goes only when a whole clause of its own stays ("I'm sure | people will
    # recognise you"): a clause hanging on the root verb itself.
    standing = [
        j
        for j, h in enumerate(heads)
        if j not in drop and h.head.i == heads[root].i and j != root and _stands(h)
    ]
    if root in drop and not standing:
        drop = drop - {root}
    # A clause goes with the clause it hangs on ("so I made something to [make people
    # smile]"), unless it hangs on the root verb itself.
    changed = True
    while changed:
        changed = False
        for j, h in enumerate(heads):
            parent = owner.get(h.head.i) if h.head.i != h.i else None
            if j in drop or parent is None or parent not in drop:
                continue
            if j in standing:
                continue
            drop = drop | {j}
            changed = True
    gone = {t.i for j in drop for t in units[j]}
    # Nothing goes when every clause reads like chatter: the sentence as a whole was
    # found informative.
    if not drop or not any(t.i not in gone and not t.is_punct and t.dep_ != "cc" for t in doc):
        return set()
    for j in drop:
        gone |= _joiners(doc, units[j])
    if root in drop:
        # "I love [that] it teaches me ...": the complement's "that" goes with the root.
        gone |= {c.i for j in standing for c in heads[j].children if c.dep_ == "mark"}
    return gone


def _droppable(doc: Any, head: Any) -> bool:
    """The root, a coordinated or loose clause, or a fronted modifier, whose subject
    (if any) is a pronoun; never a complement ("it made me [think ...]") or a clause
    inside the sentence ("as passionate [as I am]"), which the words around it need."""
    if any(c.dep_ in _SUBJECTS and c.pos_ in ("NOUN", "PROPN") for c in head.children):
        return False  # "okonkwo is ...", "the party was ...": it says who or what
    if head.dep_ in ("ROOT", "conj", "parataxis"):
        return True
    end = head.right_edge.i + 1
    fronted = head.i < head.head.i and end < len(doc) and doc[end].text in (",", "-", "—")
    return head.dep_ in _FRONTED and fronted


def _stands(head: Any) -> bool:
    """A clause that reads as a sentence of its own once its main clause goes: a
    coordinated or complement clause with a finite verb, not a question word's
    ("it's incredible [how much ...]") nor an adverbial one ("[since we spoke], ...")."""
    if head.dep_ not in ("conj", "ccomp", "parataxis"):
        return False
    if head.left_edge.tag_ in ("WRB", "WP", "WDT", "WP$"):
        return False
    if any(c.dep_ == "mark" and c.lower_ != "that" for c in head.children):
        return False
    if sum(1 for t in head.subtree if not t.is_punct) < 4:
        return False  # "i want [they stay]": too short to say anything alone
    verbs = [head, *(c for c in head.children if c.dep_ in ("aux", "auxpass"))]
    return any(v.tag_ in ("VBD", "VBZ", "VBP", "MD") for v in verbs)


def _head(unit: list[Any]) -> Any:
    """The token of a clause whose head lies outside it."""
    ids = {t.i for t in unit}
    return next(t for t in unit if t.head.i not in ids or t.head.i == t.i)


def keep_best_of_turn(statements: dict[str, list[Statement]]) -> None:
    """A turn's weak statements stay off the pages when a stronger one of the same turn
    is on them: the turn is cited either way, and the page says its point once."""
    for sts in statements.values():
        best: dict[int, Statement] = {}
        for st in sts:
            if st.on_pages and (st.n not in best or st.margin > best[st.n].margin):
                best[st.n] = st
        for st in sts:
            weak = st.margin <= WEAK_MARGIN and not st.entities and not st.changes
            if st.on_pages and weak and best[st.n] is not st:
                st.on_pages = False
