"""BM25 over blocks with tantivy: English stemming, filters inside the query.

Each block is a tantivy document with three text fields scored together (BM25F-like):
`text` (the block's own words), `head` (title, date, speaker) and `ctx` (neighbouring
blocks). The field boosts are chosen at query time, so they can be tuned without
re-indexing. `bid` links a document back to its row in the block table.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import tantivy

from .errors import CorruptIndexError

TOKENIZER = "brain_en"
_WORD_RE = re.compile(r"\w+", re.UNICODE)
# Characters with a meaning in tantivy's regex syntax (escaped in path prefixes).
_REGEX_META = set(r"\.+*?()|[]{}^$#&-~\"@<>")


@dataclass(frozen=True)
class Bm25Doc:
    bid: int
    path: str
    kind: str
    day: int
    text: str
    head: str
    ctx: str


@dataclass(frozen=True)
class Boosts:
    text: float = 1.0
    head: float = 1.5
    ctx: float = 0.5


def _analyzer(stopwords: bool) -> tantivy.TextAnalyzer:
    builder = (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(40))
        .filter(tantivy.Filter.lowercase())
    )
    if stopwords:
        builder = builder.filter(tantivy.Filter.stopword("english"))
    return builder.filter(tantivy.Filter.stemmer("english")).build()


def _schema() -> tantivy.Schema:
    sb = tantivy.SchemaBuilder()
    sb.add_integer_field("bid", stored=True, indexed=True, fast=True)
    sb.add_text_field("path", stored=False, tokenizer_name="raw")
    sb.add_text_field("kind", stored=False, tokenizer_name="raw")
    sb.add_integer_field("day", stored=False, indexed=True, fast=True)
    for name in ("text", "head", "ctx"):
        sb.add_text_field(name, stored=False, tokenizer_name=TOKENIZER)
    return sb.build()


def prefix_regex(prefix: str) -> str:
    return "".join("\\" + c if c in _REGEX_META else c for c in prefix) + ".*"


class Bm25Index:
    """A tantivy index in a folder; opened on first use, rebuilt if unreadable."""

    def __init__(self, folder: Path, *, stopwords: bool = True):
        self.folder = folder
        self.schema = _schema()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.index = tantivy.Index(self.schema, path=str(folder), reuse=True)
            self.index.register_tokenizer(TOKENIZER, _analyzer(stopwords))
            self.index.reload()
            self.index.searcher().num_docs  # noqa: B018  (touch the segments now)
        except (ValueError, OSError) as exc:
            detail = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
            raise CorruptIndexError(f"BM25 index unreadable: {detail}", path=str(folder)) from exc
        self._stopwords = stopwords

    @staticmethod
    def wipe(folder: Path) -> None:
        shutil.rmtree(folder, ignore_errors=True)

    def num_docs(self) -> int:
        return int(self.index.searcher().num_docs)

    def apply(self, removed_paths: Iterable[str], added: Iterable[Bm25Doc]) -> None:
        """Delete every document of the given paths, add new ones, commit once."""
        writer = self.index.writer(heap_size=32_000_000, num_threads=1)
        try:
            for path in removed_paths:
                writer.delete_documents_by_term("path", path)
            for d in added:
                writer.add_document(
                    tantivy.Document(
                        bid=d.bid,
                        path=d.path,
                        kind=d.kind,
                        day=d.day,
                        text=d.text,
                        head=d.head,
                        ctx=d.ctx,
                    )
                )
            writer.commit()
            writer.wait_merging_threads()
        except BaseException:
            writer.rollback()
            raise
        self.index.reload()

    def clear(self) -> None:
        writer = self.index.writer(heap_size=15_000_000, num_threads=1)
        writer.delete_all_documents()
        writer.commit()
        writer.wait_merging_threads()
        self.index.reload()

    def search(
        self,
        query: str,
        *,
        limit: int,
        kinds: Sequence[str] | None = None,
        path_prefix: str | None = None,
        day_from: int | None = None,
        day_to: int | None = None,
        boosts: Boosts = Boosts(),
    ) -> list[tuple[int, float]]:
        """(bid, BM25 score) of the best documents, best first."""
        words = [w.lower() for w in _WORD_RE.findall(query)]
        if not words or limit <= 0:
            return []
        fields = {"text": boosts.text, "head": boosts.head, "ctx": boosts.ctx}
        used = [f for f, b in fields.items() if b > 0]
        try:
            text_q = self.index.parse_query(
                " ".join(words), used, field_boosts={f: fields[f] for f in used}
            )
        except ValueError:
            return []
        filters = self._filters(kinds, path_prefix, day_from, day_to)
        q = text_q
        if filters:
            # Filters match or not; they add nothing to the score.
            must = tantivy.Occur.Must
            parts = [(must, text_q)]
            parts += [(must, tantivy.Query.const_score_query(f, 0.0)) for f in filters]
            q = tantivy.Query.boolean_query(parts)
        searcher = self.index.searcher()
        result = searcher.search(q, limit, count=False)
        out = []
        for score, addr in result.hits:
            bid = searcher.doc(addr)["bid"][0]
            out.append((int(bid), float(score)))
        return out

    def _filters(
        self,
        kinds: Sequence[str] | None,
        path_prefix: str | None,
        day_from: int | None,
        day_to: int | None,
    ) -> list[tantivy.Query]:
        s = self.schema
        out = []
        if kinds is not None:
            terms = [(tantivy.Occur.Should, tantivy.Query.term_query(s, "kind", k)) for k in kinds]
            out.append(tantivy.Query.boolean_query(terms) if terms else tantivy.Query.empty_query())
        if path_prefix:
            out.append(tantivy.Query.regex_query(s, "path", prefix_regex(path_prefix)))
        if day_from is not None or day_to is not None:
            # Undated blocks have day 0 and never match a date filter.
            out.append(
                tantivy.Query.range_query(
                    s, "day", tantivy.FieldType.Integer, max(day_from or 1, 1), day_to
                )
            )
        return out
