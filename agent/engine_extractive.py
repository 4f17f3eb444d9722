"""The extractive engine: deterministic, offline answers built from memory's own words.

It reads memory the way DESIGN.md lays it out. The question is analysed first
(`question.py`: what kind of answer, about whom, now or before). The Memory Agent
searches the whole repo (the same tool the LLM engine calls). When the question names a
subject that has a wiki page (by title, alias or a close spelling; "my ..." is the
asker's profile page), the engine reads that page and takes its lines as facts, each
backed by the evidence blocks it cites. A possessive chain ("my sister's city") is
followed hop by hop: through the page's links or, without a wiki, through what the
asker said ("my sister Lena"), then a second search about the person found.

Every sentence and fact is then read (`reader.py`): is it about the subject, does it
tell rather than ask, does it hold a value of the wanted kind, is it current. The
answer's first line is the short answer (the value, date or name) with its citations;
the supporting quotes follow. When no sentence is about the subject and its topic, the
engine says it does not know.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace

from language.names import chat_words
from memory_schema.links import short_quote
from validators.lexicon import known, said_for

from .answer import Draft
from .citations import DONT_KNOW
from .corroborate import agreeing
from .describe import RELATION_SECTION, described, statements
from .errors import AgentError
from .evidence import Block, EvidenceStore
from .labels import readable
from .memory_agent import Finding, MemoryReport
from .nearness import nearer, nearest_attribute, types_fit_attribute, verbs_fit_attribute
from .question import (
    Question,
    analyse,
    asks_job_alone,
    asks_with_verb,
    job_nouns,
    names_amount,
    names_owner,
    says_name_asked,
)
from .reader import Reader, asks_several, dominant_names
from .reading import Candidate, Reading, Similarity, Subject, _by_ai
from .recency import SIM_LATER, as_of_now
from .spans import _ordinary, written_lowercase
from .text import WORD, heading, is_question, sentences, stopwords, terms, told_part
from .tools import Toolbox
from .wiki import Fact, Wiki, ended_last, page_label
from .wiki_index import nearest_lines

__all__ = ["ExtractiveEngine"]

_KNOWLEDGE = "knowledge/"
#: How alike a typed word and memory's word must be to read one as the other's typo
#: ("dentsit"/"dentist" 86; "whose"/"horse" 80 is two words).
RESPELL = 85
#: At most this many full words for a clipped one ("physiotherapy", "physiotherapist").
MAX_EXPANSIONS = 3
_QUESTION_WORDS = frozenset(
    ["who", "whom", "whose", "what", "which", "where", "when", "why", "how"]
)
#: Answer types whose answer is nothing but the value: without one, there is no answer.
STRICT_TYPES = ("number", "frequency", "duration", "time")
#: Search rank given to the turns behind the lines of a page read whole: found through
#: the subject, not through the question's words.
PAGE_RANK = 4
#: Search rank given to the turns behind the page lines nearest the question: found
#: through the wiki as an index (`wiki_index.py`).
LINE_RANK = 2
#: How much nearer the amount examples a "what" question must be (cosine): "what did the
#: prep lists move to?" sits on the line.
AMOUNT_MARGIN = 0.05
#: Page lines nearest the question an answer shows (with the turns they cite) beside
#: its readings.
WIKI_SUPPORT = 2
#: How much less of the question's topic an older reading may say (`Reading.fit`: shared
#: words and closeness) and still show as the value held before the answer's.
EARLIER_FIT = 0.5
#: Supporting lines an answer to a question for several things adds, and how far below
#: the best reading's score they may be (0.8 for one thing).
SEVERAL_LINES = 2
SEVERAL_FLOOR = 0.7


class ExtractiveEngine:
    name = "extractive"
    model = None

    def __init__(
        self,
        toolbox: Toolbox,
        max_lines: int = 3,
        similarity: Similarity | None = None,
        owner_names: list[str] | tuple[str, ...] = (),
    ):
        self.toolbox = toolbox
        #: the memory's owner (.brain/config.yaml), who asks: "I/my" and their name alike
        self.owner_names = tuple(owner_names)
        self.max_lines = max_lines
        self.similarity = similarity
        self._wiki: Wiki | None = None
        self._pages_read: set[str] = set()
        #: the page lines nearest the question (`wiki_index.py`), best first
        self._nearest: list[Fact] = []

    # -- tools -----------------------------------------------------------------------------

    def _search(self, description: str) -> MemoryReport:
        agent = self.toolbox.memory_agent
        if agent is None:
            raise AgentError("the extractive engine needs the Memory Agent")
        result = self.toolbox.call("memory_agent", {"description": description})
        if result.is_error:
            raise AgentError(result.content)
        self._wiki = None  # the working set may have grown
        return agent.reports[-1]

    def wiki(self) -> Wiki:
        if self._wiki is None:
            agent = self.toolbox.memory_agent
            root = self.toolbox.workset.root if self.toolbox.workset else self.toolbox.sandbox.root
            assert agent is not None
            self._wiki = Wiki.load(root, agent.store)
        return self._wiki

    def _read_page(self, path: str) -> list[Candidate]:
        """A subject's page, read with the `read` tool so the transcript shows it."""
        if path not in self._pages_read:
            self._pages_read.add(path)
            self.toolbox.call("read", {"path": path})
        out: list[Candidate] = []
        for f in self.wiki().facts(path):
            if f.attr:
                out.append(Candidate(f.text, f.blocks, 0, fact=f))
            else:
                out += self._retold(f, PAGE_RANK, context=True)
        return out

    def _retold(self, f: Fact, rank: int, context: bool) -> list[Candidate]:
        """A plain line of a page retells turns it cites: read those turns in their own
        words instead (the wiki leads to them, it does not stand in for them). A labelled
        value ("**Employer:** X", with its dates) is the wiki's own reading and stays."""
        store = self.toolbox.memory_agent.store  # type: ignore[union-attr]
        found = Finding(f.text, f.blocks, rank, context=context)
        out = [replace(c, via=f.page) for c in _block_candidates(found, rank, store)]
        if out:
            i = self._retold_sentence(f.text, [c.text for c in out])
            out[i] = replace(out[i], retold=(f.text,))
        return out

    def _retold_sentence(self, line: str, texts: list[str]) -> int:
        """Which sentence of a turn a page line retells: the one sharing most of its
        words; when words do not decide (the line says it in other words: "Priya hopes
        to study marine science" for "ugh yes. but ... going back to uni for ocean
        ecology"), the one nearest the line in meaning. The first would lend the line's
        meaning to "ugh yes.", which would then answer."""
        said = terms(line)
        # A question the speaker asks ("any tips?") is not read as an answer: the line
        # lends its meaning to what they state.
        stated = [j for j, t in enumerate(texts) if not is_question(t)] or list(range(len(texts)))
        shared = {j: len(terms(texts[j]) & said) for j in stated}
        tied = [j for j in stated if shared[j] == max(shared.values())]
        embed = self._embed() if len(tied) > 1 else None
        if embed is None:
            return tied[0]
        import numpy as np

        vectors = np.asarray(embed([line, *(texts[j] for j in tied)]), dtype=np.float32)
        near = vectors[1:] @ vectors[0]
        return tied[int(np.argmax(near))]

    # -- the answer --------------------------------------------------------------------------

    def answer(self, question: str) -> Draft:
        q = analyse(question)
        if not q.terms:
            return Draft(DONT_KNOW, steps=0, stop_reason="no-support")
        calls = len(self.toolbox.log)
        report = self._search(question)
        pool = self._candidates(report)
        fixed = _respell(question, pool)
        if fixed != question:
            # "dentsit": search again with the spelling memory uses.
            q = analyse(fixed)
            pool = _dedupe([*pool, *self._candidates(self._search(fixed))])
        if q.answer_type == "occupation" and not job_nouns() & set(WORD.findall(q.text.lower())):
            # "what do i do for a living?" shares no word with "Job title: Apprentice
            # Electrician" on a payslip, nor with "my new role": search the words that
            # label a job as well.
            label = " ".join(sorted(job_nouns()))
            pool = _dedupe([*pool, *self._candidates(self._search(label), rank_shift=2)])
        users = [*self.owner_names, *_users(pool)]
        recased = _recase(q.text, self._people(pool, users))
        if recased != q.text:
            q = analyse(recased)  # "where did hollis get a job?": Hollis is someone memory knows
        asked = q
        q = self._amount_asked(q)
        subj, extra = self._subject(q, pool, users)
        q = as_of_now(self._attribute_asked(q, subj), subj)  # "what car do i have?"
        pool = _dedupe([*pool, *extra, *self._indexed(q, subj)], subj.pages)
        # Asked of the owner by name ("what was kieran's take home pay?"), the question is
        # the asker's own: their turns and documents never say the name, which ranks the
        # pages and the blocks that do say it first. Searched in the first person too.
        asked_as = _in_first_person(q.text, subj.owner_names) if subj.mine else q.text
        owner_named = asked_as != q.text  # "kieran's pay" asked as "my pay"
        unnamed = _without_names(asked_as, subj.names | subj.owner_names | dominant_names(q, pool))
        if unnamed != q.text and (owner_named or _unsaid_by_top(terms(unnamed), pool)):
            # "How much Metacam does Biscuit get?": every block about Biscuit matches the
            # name; the one that says what was asked may only share the rarer word.
            shift = 0 if owner_named else 2
            pool = _dedupe(
                [*pool, *self._candidates(self._search(unnamed), rank_shift=shift)], subj.pages
            )
        known_people, known_names = self._known(pool, users)
        reader = Reader(
            q,
            subj,
            known_people,
            known_names,
            self._similarity(),
            # Memory typed in lower case writes names that way too ("called rui"): a
            # word it also capitalizes ("Rui Almeida") is a name, not a common word.
            common=_common_words(pool) - _proper_words(pool),
            proper=_proper_words(pool),
            speakers={(c.block.speaker or "").lower() for c in pool if c.fact is None},
            dialogues=_dialogues(pool, self._store()),
            person_pages={
                path: page.title.lower()
                for path, page in self.wiki().pages.items()
                if page.type in ("person", "profile")
            },
        )
        steps = len(self.toolbox.log) - calls
        if q.answer_type == "choice" and q.choices:
            text = self._choose(q, reader, pool)
            return Draft(
                text or DONT_KNOW, steps=steps, stop_reason="answered" if text else "no-support"
            )
        if q.answer_type == "name" and subj.chain_done and subj.resolved and subj.evidence:
            return Draft(self._resolved_answer(subj), steps=steps)
        described = self._described(q, pool)
        if described:
            return Draft(described, steps=len(self.toolbox.log) - calls)
        readings = reader.read(pool)
        if q.answer_type != asked.answer_type and not any(r.span for r in readings):
            # Nearer the amount examples, yet nothing found says one ("what did the
            # charity race raise awareness for?"): the question as it reads.
            q, reader = asked, replace(reader, q=asked)
            readings = reader.read(pool)
        if q.current and readings and readings[0].span:
            # What holds now may have changed since: look the value itself up.
            more = self._candidates(self._search(readings[0].span), rank_shift=3)
            pool = _dedupe([*pool, *more], subj.pages)
            readings = reader.read(pool)
        if q.answer_type in STRICT_TYPES or _asks_name(q):
            # "how much" wants an amount, "what's my monstera called?" a name
            readings = [r for r in readings if r.span]
        whom = subj.name_terms | subj.covered | {t for p in subj.phrases for t in terms(p)}
        if asks_job_alone(q, whom | {t for n in subj.owner_names for t in terms(n)}):
            readings = [r for r in readings if r.span and not r.weak_span]  # a job, said
        if not readings:
            return Draft(DONT_KNOW, steps=steps, stop_reason="no-support")
        return Draft(self._compose(q, readings, pool), steps=steps)

    def _described(self, q: Question, pool: list[Candidate]) -> str | None:
        """ "who is jodie?", "whats wrong with pickle": the most informative statements
        about the subject, its page's first (`describe.py`); None for other questions."""
        similarity = self._similarity()
        about = described(similarity, q.text, q.names) if similarity else None
        if about is None or similarity is None:
            return None
        page = self.wiki().find(about.name)
        more = self._read_page(page) if page else []
        more += self._candidates(self._search(about.name), rank_shift=1)
        # "who is dario?" asks first how he is related to people: "Cousin of [[Kacper]]"
        lines = self.wiki().facts(page) if page and q.wh == "who" else []
        relations = frozenset(f.text for f in lines if f.section == RELATION_SECTION)
        found = statements(
            similarity, q.text, about.name, page, _dedupe([*pool, *more]), relations=relations
        )
        if not found:
            return None
        return "\n".join([_quote(found[0]), *(f"- {_quote(c)}" for c in found[1:])])

    def _candidates(self, report: MemoryReport, rank_shift: int = 0) -> list[Candidate]:
        out: list[Candidate] = []
        wiki = self.wiki()
        for f in report.findings:
            rank = f.rank + rank_shift
            if f.via and f.via.startswith(_KNOWLEDGE) and f.via in wiki.pages:
                for x in wiki.facts(f.via):
                    if x.text == f.text or set(x.blocks) & set(f.blocks):
                        if x.attr:
                            out.append(Candidate(x.text, x.blocks, rank, fact=x, context=f.context))
                        else:
                            out += self._retold(x, rank, f.context)
                continue
            # A summary or note line points at its evidence: read the evidence itself.
            out += _block_candidates(f, rank, self.toolbox.memory_agent.store)  # type: ignore[union-attr]
        return _dedupe(out)

    def _indexed(self, q: Question, subj: Subject) -> list[Candidate]:
        """The turns cited by the page lines nearest the question (`wiki_index.py`), though
        search may not have found them."""
        wiki = self.wiki()
        if not wiki.pages:
            return []
        out: list[Candidate] = []
        names = subj.names | subj.owner_names
        self._nearest = [
            f
            for f, _ in nearest_lines(q.text, wiki, names, self._embed())
            if _not_rivals(f, subj, wiki)
        ]
        for f in self._nearest:
            if f.attr:
                out.append(Candidate(f.text, f.blocks, LINE_RANK, fact=f))
            else:
                out += [
                    replace(c, indexed=True) if f.text in c.retold else c
                    for c in self._retold(f, LINE_RANK, context=False)
                ]
        return out

    def _embed(self) -> Callable[[list[str]], object] | None:
        """Embeddings of texts, cached in the search index when it can (page lines are
        matched for every question), else straight from its embedder."""
        agent = self.toolbox.memory_agent
        searcher = agent.searcher if agent else None
        cached = getattr(searcher, "embed_texts", None)
        if cached is not None:
            return cached
        embedder = getattr(searcher, "embedder", None)
        return getattr(embedder, "embed", None)

    def _known(self, pool: list[Candidate], users: list[str]) -> tuple[set[str], set[str]]:
        wiki = self.wiki()
        people = {u.lower() for u in users}
        people |= {(c.block.speaker or "").lower() for c in pool if c.block.speaker}
        people.discard("assistant")
        for page in wiki.pages.values():
            if page.type in ("person", "profile"):
                people |= {n.lower() for n in (page.title, *page.aliases)}
        names = set(people)
        for page in wiki.pages.values():
            names |= {n.lower() for n in (page.title, *page.aliases)}
        return people, names

    def _people(self, pool: list[Candidate], users: list[str]) -> list[str]:
        """Names of people memory knows, as memory writes them: speakers, and the titles
        and aliases of person and profile pages."""
        out = [*users, *(c.block.speaker for c in pool if c.block.speaker)]
        for page in self.wiki().pages.values():
            if page.type in ("person", "profile"):
                out += [page.title, *page.aliases]
        return [n for n in dict.fromkeys(out) if n and n.lower() not in ("user", "assistant")]

    def _amount_asked(self, q: Question) -> Question:
        """ "what do i charge for a block of lessons?" asks for an amount, though no word of
        it says "how much": told by the example questions it is nearest to
        (`answer_asked` in language/data/prototypes.json), by a margin."""
        if q.answer_type != "thing" or q.wh not in ("what", "which"):
            return q
        if asks_with_verb(q.text) and not names_amount(q.text):
            return q  # "what did the plumber fix?": its verb is no paying or costing
        similarity = self._similarity()
        if similarity is None:
            return q
        if nearer(similarity, q.text, "answer_asked", AMOUNT_MARGIN) == "amount":
            return replace(q, answer_type="number")
        return q

    def _attribute_asked(self, q: Question, subj: Subject) -> Question:
        """ "who's my boss now?" asks for the attribute Dream writes as Manager, though
        no word says so: the example questions of each attribute (`attribute_asked` in
        language/data/prototypes.json) it is nearest to, by a margin over the others and
        over questions about anything else."""
        similarity = self._similarity()
        if similarity is None or q.wh in ("when", "why", "yesno") or q.choices:
            return q
        # Whose it is does not change what is asked: "where does tomás live" reads as
        # the examples' "where does she live".
        text = q.text
        for name in sorted(subj.names | subj.owner_names, key=len, reverse=True):
            text = re.sub(rf"\b{re.escape(name)}(?='s\b|\b)", "she", text, flags=re.I)
        attribute = nearest_attribute(similarity, text, q.wh)
        if attribute and not (q.current or q.lately) and not verbs_fit_attribute(text, attribute):
            # "which town did i grow up in?" asks what its own verb says; "what do i put
            # in my coffee these days?" asks what holds now, as the profile keeps it.
            return q
        if attribute and not types_fit_attribute(q, attribute):
            return q
        return replace(q, attribute=attribute) if attribute else q

    def _store(self) -> EvidenceStore | None:
        agent = self.toolbox.memory_agent
        return agent.store if agent is not None else None

    def _similarity(self) -> Similarity | None:
        """Cosine similarity with the search index's own embedder, when it has one."""
        if self.similarity is not None:
            return self.similarity
        agent = self.toolbox.memory_agent
        embedder = getattr(agent.searcher, "embedder", None) if agent else None
        if embedder is None or not hasattr(embedder, "embed"):
            return None
        cache: dict[str, object] = {}

        def similarity(question: str, texts: list[str]) -> list[float]:
            import numpy as np

            todo = list(dict.fromkeys(t for t in [question, *texts] if t not in cache))
            if todo:
                cache.update(zip(todo, embedder.embed(todo), strict=True))
            qv = np.asarray(cache[question])
            return [float(np.dot(qv, np.asarray(cache[t]))) for t in texts]

        self.similarity = similarity
        return similarity

    # -- whom the question is about --------------------------------------------------------

    def _subject(
        self, q: Question, pool: list[Candidate], users: list[str]
    ) -> tuple[Subject, list[Candidate]]:
        wiki = self.wiki()
        subj = Subject(question=q.text)
        extra: list[Candidate] = []
        page: str | None = None
        if names_owner(q, self.owner_names):
            # "Where do I work?" and "Where does Maya work?" (Maya owning the memory) are
            # one subject: the owner's turns (unnamed `user` ones too) and profile page.
            subj.speakers = {u.lower() for u in users}
            subj.mine = True
            if q.owner != "me" and (q.owner or q.names):
                subj.names.add((q.owner or q.names[0]).lower())
            page = wiki.profile(users)
        elif q.owner or q.names:
            speakers = {(c.block.speaker or "").lower() for c in pool}
            owner = q.owner or next(
                (n for n in q.names if n.lower() in speakers or _is_person(wiki, n)), None
            )
            if owner:
                subj.names.add(owner.lower())
                subj.speakers.add(owner.lower())
                subj.mine = owner.lower() in {u.lower() for u in users[:1]}
                page = wiki.find(owner)
                # "What do Jon and Gina both enjoy?": both are the subject, neither one's
                # words a rival of the other's.
                together = _joined_people(q, owner, speakers, wiki)
                subj.names |= {n.lower() for n in together}
                subj.speakers |= {n.lower() for n in together}
        subj.owner_names = set(subj.names) | set(subj.speakers)
        if page:
            subj.pages.add(page)
            subj.names |= {n.lower() for n in (wiki.title(page), *wiki.pages[page].aliases)}
            subj.owner_names |= subj.names
            extra += self._read_page(page)
        # Pages of the other things the question names ("the team offsite in Annecy").
        for name in q.names:
            other = wiki.find(name)
            if other and other not in subj.pages:
                extra += self._read_page(other)
                if name.lower() in subj.speakers:
                    subj.pages.add(other)  # one of the people asked about together
        if q.chain and (q.owner == "me" or subj.defined):
            extra += self._follow(q, subj, page, [*pool, *extra])
        return subj, extra

    def _follow(
        self, q: Question, subj: Subject, page: str | None, pool: list[Candidate]
    ) -> list[Candidate]:
        """Resolve "my best friend" to Hana, hop by hop; search again about who it is."""
        wiki = self.wiki()
        extra: list[Candidate] = []
        owner_speakers = set(subj.speakers)
        resolved_all = True
        for i, link in enumerate(q.chain):
            phrase = _phrase(link, pool, wiki, page, q.focus, mine=q.owner == "me" and i == 0)
            found: tuple[str, tuple] | None = None
            if page:
                rel = wiki.related(page, phrase, before=q.past and i == 0)
                if rel:
                    name, fact = rel[0]
                    found = (name, fact.blocks)
            if found is None and i == 0:
                found = _apposition(phrase, pool, owner_speakers)
                if found is None:
                    more = self._candidates(self._search(f"my {phrase}"), rank_shift=5)
                    extra += more
                    found = _apposition(phrase, [*pool, *more], owner_speakers)
            if i == 0:
                subj.phrases.append(f"my {phrase}" if q.owner == "me" else f"{phrase}")
            if not terms(phrase) & terms(link):
                # "my kid" said for "my daughter": the sentence that says it says whom,
                # and the word asked is no topic it must say as well.
                subj.covered |= terms(link.split()[0])
            if found is None:
                # "my knee surgery" is the asker's own, not someone else: keep the owner,
                # and the words of the link must be there (a sister is not a brother).
                resolved_all = False
                if i == 0 and (q.answer_type == "name" or len(q.chain) > 1):
                    # a person to name or to go through: what they are must be said
                    subj.hard |= (terms(phrase) & q.focus) or terms(phrase)
                break
            subj.speakers = set()  # from here on the subject is someone else
            name, blocks = found
            subj.resolved = name
            subj.evidence = tuple(blocks)
            subj.covered |= terms(phrase)
            subj.names = {name.lower()}
            page = wiki.find(name)
            subj.pages = {page} if page else set()
            if page:
                subj.names |= {n.lower() for n in wiki.pages[page].aliases}
                extra += self._read_page(page)
        subj.chain_done = resolved_all
        if subj.resolved and not (q.answer_type == "name" and resolved_all):
            about = _rewrite(q, subj.resolved)
            extra += self._candidates(self._search(about), rank_shift=0)
        return extra

    # -- composing -----------------------------------------------------------------------------

    def _resolved_answer(self, subj: Subject) -> str:
        links = " ".join(b.link for b in subj.evidence)
        lines = [f"{subj.resolved} {links}"]
        for b in subj.evidence[:2]:
            lines.append(f'- {_said(b)}: "{short_quote(b.text, 240)}" {b.link}')
        return "\n".join(lines)

    def _compose(self, q: Question, readings: list[Reading], pool: list[Candidate]) -> str:
        best = readings[0]
        c = best.candidate
        links = " ".join(b.link for b in c.blocks)
        lines: list[str] = []
        if best.span and (q.typed or q.answer_type == "thing"):
            detail = ""
            if c.fact is not None and c.fact.since and not c.fact.historic:
                detail = f" (since {c.fact.since.isoformat()})"
            elif best.weak_span and q.answer_type == "date":
                detail = " (the day it was mentioned)"
            lines.append(f"{best.span}{detail} {links}")
            earlier = _earlier(q, best, readings, self.wiki())
            if earlier:
                lines.append(earlier)
            lines.append(f"- {_quote(c)}")
        else:
            lines.append(_quote(c))
        used = {(b.path, b.anchor) for b in c.blocks}
        # A question for several things ("What pets does she have?") is answered from
        # several sentences: more of them, a little further below the best.
        several = asks_several(q)
        most = self.max_lines + 1 + (SEVERAL_LINES if several else 0)
        floor = (SEVERAL_FLOOR if several else 0.8) * best.score
        # The next reading as good from another turn comes before the value said again:
        # two sentences that score alike are two readings of the question, and the best
        # by a small margin is not surely the one that answers it.
        second = _runner_up(readings, used, floor)
        if second is not None:
            used |= {(b.path, b.anchor) for b in second.candidate.blocks}
            lines.append(f"- {_quote(second.candidate)}")
        # The same value said elsewhere (the turn and the lease, "1450" and "$1,450.00")
        # supports the answer too (`corroborate.py`).
        for r in agreeing(best, readings, used) if best.span else []:
            used |= {(b.path, b.anchor) for b in r.candidate.blocks}
            lines.append(f"- {_quote(r.candidate)}")
        for r in readings[1:]:
            if len(lines) >= most or r.score < floor:
                break
            keys = {(b.path, b.anchor) for b in r.candidate.blocks}
            if keys & used:
                continue
            used |= keys
            lines.append(f"- {_quote(r.candidate)}")
        # What the wiki says nearest the question, with the turns it cites: the page
        # lines found by meaning (`wiki_index.py`) point at turns the reading may have
        # passed over in their own words.
        for f in self._nearest[:WIKI_SUPPORT]:
            keys = {(b.path, b.anchor) for b in f.blocks}
            if keys <= used:
                continue
            used |= keys
            lines.append(f"- {_quote(Candidate(f.text, f.blocks, 0, fact=f))}")
        return "\n".join(lines)

    def _choose(self, q: Question, reader: Reader, pool: list[Candidate]) -> str | None:
        """ "A or B?": the option memory supports; for which-came-first, by their dates."""
        picks: list[tuple[str, Reading]] = []
        for option in q.choices:
            sub = analyse(f"When was {option}?" if q.order else q.text)
            opt_reader = Reader(
                sub, reader.subj, reader.known_people, reader.known_names, reader.similarity
            )
            want = terms(option) - {t for o in q.choices if o != option for t in terms(o)}
            fits = [
                r
                for r in opt_reader.read(pool)
                if want <= r.candidate.words() and (not q.order or r.span)
            ]
            if not fits and q.order:
                more = self._candidates(self._search(option), rank_shift=0)
                fits = [r for r in opt_reader.read(more) if want <= r.candidate.words() and r.span]
            if fits:
                picks.append((option, fits[0]))
        if not picks:
            return None
        if q.order:
            dated = [(o, r) for o, r in picks if r.candidate.date or r.span]
            if len(dated) < 2:
                return None
            key = {o: r.when or r.candidate.date for o, r in dated}
            dated.sort(key=lambda p: key[p[0]], reverse=q.order == "later")
            (first, r1), (second, r2) = dated[0], dated[1]
            l1 = " ".join(b.link for b in r1.candidate.blocks)
            l2 = " ".join(b.link for b in r2.candidate.blocks)
            word = "came first" if q.order == "earlier" else "came later"
            return "\n".join([
                f"{_cap(first)} ({r1.span}) {l1}",
                f"It {word} than {second} ({r2.span}) {l2}.",
                f"- {_quote(r1.candidate)}",
                f"- {_quote(r2.candidate)}",
            ])  # fmt: skip
        picks.sort(key=lambda p: -p[1].score)
        option, r = picks[0]
        links = " ".join(b.link for b in r.candidate.blocks)
        return f"{_cap(option)} {links}\n- {_quote(r.candidate)}"


# -- helpers ---------------------------------------------------------------------------------


def _block_candidates(f: Finding, rank: int, store: EvidenceStore) -> list[Candidate]:
    out = []
    for b in f.blocks:
        asked = _questions_before(b, store)
        prompt = " ".join(asked)
        thread = " ".join(_thread(b, store))
        context = f.context or bool(f.via)
        prior = _blocks_before(b, store)
        # where "she" in "She works as a nurse" was named
        before = " ".join(p.text for p in prior)
        # ... and sentence by sentence, with its block: what "it" or "he" in the first
        # sentence stands for (`language.refer`)
        said_before = tuple((s, p) for p in prior for s in sentences(readable(p.text)))
        offered = _offered_before(b, store)
        # a table row with its headers; a document paragraph's label is its topic
        # (`EvidenceStore.block`), no word of its first sentence; a turn keeps its own
        label, rest = heading(readable(b.text))
        following = sentences(rest if label and label in b.topic else readable(b.text))
        out += [
            Candidate(
                # A question may tell before it asks: "its my mums birthday on the 3rd
                # of may, any gift ideas?" says when the birthday is.
                told_part(s) or s,
                (b,),
                rank,
                context=context,
                prompt=prompt,
                thread=thread,
                antecedent=before if i == 0 else prev,
                following=following[i + 1] if i + 1 < len(following) else "",
                # A short reply ("dog!!") answers the question asked last.
                reply_to=asked[-1] if asked and i == 0 else "",
                offered=offered,
                earlier=said_before + tuple((e, b) for e in following[:i]),
            )
            for i, (s, prev) in enumerate(_with_previous(following))
        ]
    return out


def _respell(question: str, pool: list[Candidate]) -> str:
    """The question with a misspelt word ("dentsit") replaced by the word memory writes
    ("dentist"), when nothing found says the word as typed and one found word is spelt
    nearly alike."""
    from rapidfuzz import fuzz, process

    from validators.lexicon import known

    said = {w for c in pool for w in WORD.findall(" ".join(b.text for b in c.blocks).lower())}
    said |= {w for c in pool for w in WORD.findall(c.text.lower())}
    vocab = sorted(w for w in said if len(w) >= 4 and not w.isdigit())
    if not vocab:
        return question

    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        low = word.lower()
        if len(low) < 5 or low in stopwords() or low in _QUESTION_WORDS:
            return word
        if not known(low):
            # A clipped word ("physio") is said in full elsewhere ("physiotherapist"):
            # ask with both, as one reads the other.
            full = sorted({w for w in vocab if w.startswith(low) and len(w) > len(low) + 2})
            full = [w for w in full if known(w)][:MAX_EXPANSIONS]
            if full:
                return " ".join([word, *full])
        if low in said:
            return word
        if known(low):
            # A dictionary word is what was meant even when memory spells a neighbour:
            # "yearly premium" is no typo of "early".
            return word
        best = process.extractOne(low, vocab, scorer=fuzz.ratio, score_cutoff=RESPELL)
        if best is None or terms(best[0]) == terms(low):
            return word
        return best[0]

    return _initialled(re.sub(r"[A-Za-z]+", fix, question), pool)


def _initialled(question: str, pool: list[Candidate]) -> str:
    """The question with a role (its last word names someone, by WordNet) that memory
    only ever says by its initials put that way:
    "who is my project manager at lingua bridge?" is asked of "my pm at lingua bridge,
    dana", when no text found says "project manager" and one says "pm" as a word of its
    own (not the "pm" of "5 pm")."""
    from validators.lexicon import known, names_someone

    texts = [t.lower() for c in pool for t in (c.text, *(b.text for b in c.blocks))]
    joined = "\n".join(texts)
    words = list(re.finditer(r"[A-Za-z]+", question))

    def content(m: re.Match[str]) -> bool:
        # A dictionary word typed in lower case: "Alice Monroe" is no "am" of "i am".
        low = m.group(0)
        if not low.islower() or len(low) < 2 or not known(low):
            return False
        return low not in stopwords() and low not in _QUESTION_WORDS

    for size in (3, 2):
        for i in range(len(words) - size + 1):
            run = words[i : i + size]
            between = question[run[0].start() : run[-1].end()]
            if not all(content(m) for m in run) or not re.fullmatch(
                r"[A-Za-z]+(?: [A-Za-z]+)*", between
            ):
                continue
            phrase = " ".join(m.group(0).lower() for m in run)
            short = "".join(m.group(0)[0].lower() for m in run)
            if phrase in joined or short in stopwords() or short in chat_words():
                continue
            if not names_someone(run[-1].group(0)):
                continue  # a role ("project manager"), not "military memorials" for "mm"
            # a word of its own, after no number ("5 pm") and inside no other word
            if re.search(rf"(?<!\d )(?<!['’])\b{short}\b(?! ?\d)", joined):
                return question[: run[0].start()] + short + question[run[-1].end() :]
    return question


def _recase(question: str, people: list[str]) -> str:
    """A question typed in lower case with the names of people memory knows written as
    memory writes them ("where did hollis get a job?" -> "... Hollis ..."), so the
    question reads them as names."""
    out = question
    for name in sorted(people, key=len, reverse=True):
        if name[:1].isupper() and name.lower() not in stopwords():  # "Will", "May"
            pattern = rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])"
            out = re.sub(pattern, name, out)
    return out


def _unsaid_by_top(words: set[str], pool: list[Candidate], top: int = 3) -> bool:
    """Whether a word of the question is missing from the people's own words (not an
    AI's) among the best few search hits: then the hits are about the name alone."""
    said: set[str] = set()
    for c in pool:
        if c.rank < top and (c.fact is not None or not _by_ai(c.block)):
            said |= c.words() if c.fact is not None else terms(c.block.text) | c.words()
    return bool(words - said)


def _in_first_person(question: str, owner_names: set[str]) -> str:
    """The question as its owner would ask it: "kieran's pay" -> "my pay", for each of
    the owner's names and first names."""
    out = question
    words = {n.lower() for n in owner_names if n} | {n.split()[0].lower() for n in owner_names if n}
    for name in sorted(words, key=len, reverse=True):
        out = re.sub(rf"(?<![\w-]){re.escape(name)}['’]s\b", "my", out, flags=re.I)
    return out


def _without_names(question: str, names: set[str]) -> str:
    """The question without the names of whom it is about ("how much Metacam does get?")."""
    out = question
    for name in sorted(names, key=len, reverse=True):
        if name:
            out = re.sub(rf"\b{re.escape(name)}(?:['’]s)?\b", " ", out, flags=re.I)
    return " ".join(out.split())


def _with_previous(items: list[str]) -> list[tuple[str, str]]:
    return [(s, items[i - 1] if i else "") for i, s in enumerate(items)]


def _questions_before(b: Block, store: EvidenceStore) -> list[str]:
    """The questions a turn replies to: the sentences that ask in the turn just before
    it, by someone else ("Is Fado your cat?" - "dog!!"), or none."""
    if not b.anchor.startswith("t") or b.index < 2:
        return []
    prev = store.block(b.path, f"t{b.index - 1}")
    if prev is None or (prev.role, prev.speaker) == (b.role, b.speaker):
        return []
    if not (prev.speaker or prev.role) or not (b.speaker or b.role):
        return []
    return [s for s in sentences(prev.text) if is_question(s)]


def _asks_name(q: Question) -> bool:
    """A "what/which" question for a name ("what's my monstera called?", "what is the
    name of her dog?"): a sentence that gives none does not answer it. "who" may be
    answered by "my sister", "why did she name it Tilly?" by a reason."""
    return q.answer_type == "name" and q.wh in ("what", "which") and says_name_asked(q.text)


def _offered_before(b: Block, store: EvidenceStore) -> str:
    """What an AI assistant said in the turn just before a person's turn, or nothing."""
    from .reading import _by_ai

    if not b.anchor.startswith("t") or b.index < 2 or _by_ai(b):
        return ""
    prev = store.block(b.path, f"t{b.index - 1}")
    return prev.text if prev is not None and _by_ai(prev) else ""


def _thread(b: Block, store: EvidenceStore) -> list[str]:
    """The speaker's own turn that a reply continues: the one before the other person's
    turn just before it ("I ran a charity race" - "That race sounds great!" - "The event
    was really thought-provoking. I'm starting to realize self-care matters")."""
    if not b.anchor.startswith("t") or b.index < 3:
        return []
    between = store.block(b.path, f"t{b.index - 1}")
    prev = store.block(b.path, f"t{b.index - 2}")
    if between is None or prev is None or (prev.role, prev.speaker) != (b.role, b.speaker):
        return []
    if (between.role, between.speaker) == (b.role, b.speaker) or not between.speaker:
        return []
    return [prev.text]


def _blocks_before(b: Block, store: EvidenceStore) -> list[Block]:
    """The two blocks before this one (fewer at a file's start): where a pronoun of its
    first sentence was named (the turn before the assistant's reply, when the
    assistant's names are nobody's)."""
    found = (store.block(b.path, f"{b.anchor[0]}{j}") for j in (b.index - 2, b.index - 1) if j >= 1)
    return [p for p in found if p is not None]


def _dedupe(pool: Iterable[Candidate], prefer: Iterable[str] = ()) -> list[Candidate]:
    """One candidate per sentence, found the best way (search rank), with every page
    line that retells it; `prefer`: the subject's pages, whose line says the sentence is
    about them however else it was found."""
    pages = frozenset(prefer)
    seen: dict[tuple[str, ...], Candidate] = {}
    for c in pool:
        old = seen.get(c.key)
        if old is None or (c.rank, c.context) < (old.rank, old.context):
            # a turn found by search and retold by a page line: both
            if old is not None:
                c = replace(
                    c,
                    via=_via(c.via, old.via, pages),
                    retold=_lines(c.retold, old.retold),
                    indexed=c.indexed or old.indexed,
                )
            seen[c.key] = c
        elif (
            (c.via and not old.via)
            or (c.via in pages and old.via not in pages)
            or set(c.retold) - set(old.retold)
            or c.indexed
        ):
            seen[c.key] = replace(
                old,
                via=_via(old.via, c.via, pages),
                retold=_lines(old.retold, c.retold),
                indexed=old.indexed or c.indexed,
            )
    return list(seen.values())


def _via(first: str, other: str, pages: frozenset[str]) -> str:
    """The page that led to a sentence retold by two: the subject's own before another
    (a project's page retells Jon's "I'm expanding my dance studio's social media
    presence" too, but only his page says it is his news), else the first."""
    if other in pages and first not in pages:
        return other
    return first or other


def _lines(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """The page lines that retell one sentence, from two pages or two readings."""
    return tuple(dict.fromkeys((*a, *b)))


def _common_words(pool: list[Candidate]) -> set[str]:
    """Words memory writes in lower case: a capitalized one of them is no name. Only
    where it writes capitals at all: in "and the manager there, kwame, is so chill" lower
    case says nothing."""
    out: set[str] = set()
    for c in pool:
        if not written_lowercase(c.text):
            out |= set(re.findall(r"\b[a-z][a-z'-]+\b", c.text))
    return out


_POSSESSIVE = re.compile(r"['’]s?$")
#: A run of capitalized words: "Kwik Fit", "Maya", "Wright State".
_CAPITALIZED_RUN = re.compile(r"\b[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*")


def _proper_words(pool: list[Candidate]) -> set[str]:
    """Words memory capitalizes inside a sentence: names, not sentence openers; and
    runs of them ("Wright State"), so a name typed in lower case elsewhere ("leaning
    wright state") is read whole."""
    out: set[str] = set()
    within: set[str] = set()  # later words of a longer capitalized name ("Fit")
    alone: set[str] = set()  # words capitalized by themselves inside a sentence
    for c in pool:
        texts = [c.text, *(b.text for b in c.blocks)]
        for t in texts:
            said = re.findall(r"(?<=[a-z0-9,;] )([A-Z][\w'’-]+)", t)
            # "With Rute's experience" writes Rute capitalized: the name without its "'s"
            out |= {m.lower() for m in said} | {_POSSESSIVE.sub("", m.lower()) for m in said}
            runs = re.findall(r"(?<=[a-z0-9,;] )([A-Z][\w-]+(?: [A-Z][\w-]+)+)", t)
            out |= {r.lower() for r in runs}
            for m in _CAPITALIZED_RUN.finditer(t):
                words = [_POSSESSIVE.sub("", w.lower()) for w in m.group(0).split()]
                if not re.search(r"[a-z0-9,;] $", t[: m.start()]) and _ordinary(words[0]):
                    # "Is Pudding the dog?": the opener is no part of a name; "Kwik Fit and
                    # Halfords" opens with a word no dictionary has, the name's own
                    words = words[1:]
                if len(words) > 1:
                    within.update(words[1:])
                elif words:
                    alone.add(words[0])
    # "Kwik Fit" is a name, but "fit" is the word in "the bag fit in the boot": a word
    # the dictionary knows, capitalized only as a later word of a longer name, is a
    # name only with the rest of it.
    return {w for w in out if w not in within or w in alone or " " in w or not known(w)}


def _dialogues(pool: list[Candidate], store: EvidenceStore | None) -> frozenset[str]:
    """Sessions where two people talk to each other: an assistant-role turn there has a
    person's name, not an AI's. Read from the whole session when the store has it: the
    pool may hold one side only ("Glad your son is okay" with none of the other's turns)."""
    people: dict[str, set[str]] = {}
    for c in pool:
        for b in c.blocks:
            # A tool's output or a system prompt is nobody talking.
            person = b.role in ("user", "assistant") and not _by_ai(b)
            if b.speaker and b.anchor.startswith("t") and person:
                people.setdefault(b.path, set()).add(b.speaker.lower())
    paths = {b.path for c in pool for b in c.blocks if b.anchor.startswith("t")}
    for path in paths if store is not None else ():
        people.setdefault(path, set()).update(store.people(path))
    return frozenset(path for path, who in people.items() if len(who) >= 2)


def _users(pool: list[Candidate]) -> list[str]:
    """Who "I" is: the speakers of user turns, most frequent first."""
    count = Counter(c.block.speaker for c in pool if c.block.role == "user" and c.block.speaker)
    return [name for name, _ in count.most_common()]


def _not_rivals(f: Fact, subj: Subject, wiki: Wiki) -> bool:
    """A line to follow for this subject: any line when the question is about nobody in
    particular, else one of the subject's own pages or of a page about no other person
    (someone else's page retells their news, not the subject's)."""
    if not subj.pages or f.page in subj.pages:
        return True
    page = wiki.pages.get(f.page)
    return page is None or page.type not in ("person", "profile")


def _joined_people(q: Question, owner: str, speakers: set[str], wiki: Wiki) -> list[str]:
    """The other people a question asks about together with `owner`: named next to them
    with "and" ("Jon and Gina", "Gina, Jon and Ade"), without a possessive ("Jon and
    Gina's studio" is Gina's studio)."""
    if q.owner:
        return []
    people = [n for n in q.names if n.lower() in speakers or _is_person(wiki, n)]
    if owner not in people or len(people) < 2:
        return []
    names = "|".join(re.escape(n) for n in people)
    run = re.search(
        rf"\b(?:{names})(?:\s*,\s*(?:{names}))*,?\s+and\s+(?:{names})\b(?!['’])", q.text
    )
    if not run:
        return []
    return [n for n in people if n != owner and re.search(rf"\b{re.escape(n)}\b", run.group(0))]


def _is_person(wiki: Wiki, name: str) -> bool:
    path = wiki.find(name)
    return bool(path and wiki.pages[path].type in ("person", "profile"))


def _phrase(
    link: str,
    pool: list[Candidate],
    wiki: Wiki,
    page: str | None,
    focus: frozenset[str],
    mine: bool = False,
) -> str:
    """The longest start of a chain link that memory uses after "my" ("sister live" ->
    "sister"); with `mine` (the asker's own relative), a more general word for it."""
    words = link.split()
    texts = " ".join(c.text.lower() for c in pool)
    tries = [" ".join(words[:n]) for n in range(len(words), 0, -1)]
    if len(words) > 1 and terms(words[-1]) <= focus:
        # A noun compound that ends the question ("my field tech"): memory may say its
        # last word, what it is ("my tech"), rather than its start.
        tries.insert(1, " ".join(words[1:]))
    for phrase in tries:
        said = rf"\bmy {re.escape(phrase)}\b" if phrase != link else rf"\b{re.escape(phrase)}\b"
        if re.search(said, texts) or (page and wiki.related(page, phrase)):
            return phrase
    # Never "my daughter", but "my kid's doing nursing": a word for what she is a kind
    # of (by WordNet) stands for her when memory says no other word for the relation.
    # Only the asker's own: "Melanie's children" are her kids' page, which her own
    # "They're tough kids" is not read through.
    general = [w for w in re.findall(r"\bmy (\w+)", texts) if mine and said_for(words[0], w)]
    if general:
        return Counter(general).most_common(1)[0][0]
    return words[-1] if len(words) > 1 and terms(words[-1]) <= focus else words[0]


_NAME = r"([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)"


def _apposition(phrase: str, pool: list[Candidate], speakers: set[str]) -> tuple[str, tuple] | None:
    """Who "my <phrase>" is, from what the asker said: "my sister Lena", "Lena, my
    sister", "my sister's name is Lena", "my sister is called Lena"."""
    p = re.escape(phrase)
    my = "(?i:my|our)"
    patterns = [
        rf"\b{my} (?i:{p}),? {_NAME}",
        rf"{_NAME},? {my} (?i:{p})\b",
        rf"{_NAME} \({my} (?i:{p})\)",
        rf"\b{my} (?i:{p})(?:'s name)? is (?:called |named )?{_NAME}",
    ]
    from .spans import _ordinary

    votes: Counter[str] = Counter()
    where: dict[str, tuple] = {}
    for c in sorted(pool, key=lambda c: (c.rank, c.key)):
        if c.fact is not None or (speakers and (c.block.speaker or "").lower() not in speakers):
            continue
        for rx in patterns:
            for m in re.finditer(rx, c.text):
                name = re.sub(r"['’]s?$", "", m.group(1).strip())
                if not name[:1].isupper():
                    continue
                name = name.split()[0] if _ordinary(name.split()[-1]) else name
                if _ordinary(name) or name.lower() in speakers:
                    continue
                votes[name] += 1
                where.setdefault(name, c.blocks)
    if not votes:
        return None
    name = votes.most_common(1)[0][0]
    return name, where[name]


def _rewrite(q: Question, name: str) -> str:
    """The question about the person a chain led to: "Where does my sister live?" ->
    "Where does Lena live?"."""
    text = q.text
    for link in q.chain:
        for n in range(len(link.split()), 0, -1):
            phrase = " ".join(link.split()[:n])
            new = re.sub(rf"\b(my|our) {re.escape(phrase)}('s)?", name + r"\2", text, flags=re.I)
            if new != text:
                return new
    return f"{name} {text}"


def _said(b: Block) -> str:
    """Who said it and when: a speaker's turn, a note written on a day, a document."""
    if b.is_note:
        return f"note of {b.date.isoformat()}" if b.date else "note"
    if b.anchor.startswith("p"):
        return f"document {short_quote(b.title, 60)!r}"
    who = b.speaker or b.title
    return f"{who} said on {b.date.isoformat()}" if b.date else f"{who} said"


def _quote(c: Candidate) -> str:
    """A candidate as a supporting line: who said what and when, or the page's line."""
    if c.fact is not None:
        f = c.fact
        quotes = "; ".join(f'"{short_quote(b.text, 200)}" {b.link}' for b in c.blocks[:2])
        return f"{page_label(f.page, f.title)}: {f.text} — {quotes}"
    b = c.block
    return f'{_said(b)}: "{short_quote(c.text, 240)}" {b.link}'


def _earlier(q: Question, best: Reading, readings: list[Reading], wiki: Wiki) -> str | None:
    """For "now" questions: the value it replaced, with its dates and evidence."""
    if not q.current:
        return None
    f = best.candidate.fact
    if f is not None and f.attr:
        olds = [
            o
            for o in wiki.facts(f.page)
            if o.attr and o.historic and terms(o.attr) == terms(f.attr)
        ]
        other = ended_last(olds)
        if other is not None:
            span = (
                f" ({other.since.isoformat() + ' ' if other.since else ''}to "
                f"{other.until.isoformat()})"
                if other.until
                else ""
            )
            links = " ".join(b.link for b in other.blocks)
            return f"Earlier: {other.value}{span} {links}"
    from .spans import change

    moved = change(best.candidate.text)
    if moved:
        return f"Earlier: {moved[0]} {best.candidate.block.link}"
    for r in readings[1:6]:
        then, now = r.candidate.date, best.candidate.date
        if r.span and r.span != best.span and then and now and then < now and _held(q, best, r):
            links = " ".join(b.link for b in r.candidate.blocks)
            return f"Earlier: {r.span} (as of {then.isoformat()}) {links}"
    return None


def _held(q: Question, best: Reading, r: Reading) -> bool:
    """Whether an earlier reading's value is what the answer replaced: a reading that says
    the question's topic nearly as well (its words and meaning, within EARLIER_FIT) and
    is as near the question in meaning (within SIM_LATER, as `recency._latest_first`
    takes the newest of such readings to hold now), said of the subject when the answer
    is, and not the question's own words. "i live in a shared house on Wakefield Road"
    held before the page's "Lives in: airedale"; "the university district is not in my
    budget" says nothing of living there, and "my dog Biscuit is limping" holds no
    earlier food of Biscuit's."""
    words = set(WORD.findall(q.text.lower()))
    return (
        r.fit >= best.fit - EARLIER_FIT
        and r.sim >= best.sim - SIM_LATER
        and not r.apart
        and (best.about == "none" or r.about != "none")
        and not set(WORD.findall((r.span or "").lower())) & words
    )


def _runner_up(readings: list[Reading], used: set, floor: float) -> Reading | None:
    """The best reading after the first from a turn or page line not yet cited, when it
    scores `floor` or more."""
    for r in readings[1:]:
        if r.score < floor:
            return None
        if not {(b.path, b.anchor) for b in r.candidate.blocks} & used:
            return r
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
