"""Parse/render round trips and the link/citation grammar."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memory_schema import LinkResolver, Page, ParseError, Session, Source, Turn
from memory_schema.links import (
    extract_citation_defs,
    extract_citation_uses,
    extract_wikilinks,
    render_citation_def,
    safe_filename,
)
from memory_schema.schema import SCHEMAS, schema_text

# Text that looks like our own syntax is the interesting case for round trips.
tricky = st.lists(
    st.sampled_from(
        [
            *list("ab ^t1p2>*#|[]:\n\r\t-\"'`é🙂"),
            "^t1",
            "^p2",
            "> ",
            "---",
            "\n^t1\n",
            # line breaks for Python's splitlines() and YAML, not for Markdown
            "\x0b",
            "\x0c",
            "\x1c",
            "\x85",
            "\u2028",
            "\u2029",
        ]
    ),
    max_size=40,
).map("".join)
plain = st.text(min_size=1, max_size=30).filter(lambda s: s.strip())


def test_session_render_parse_render_is_byte_identical():
    s = Session(
        id="2026-06-15-ab12",
        title="Planning",
        format="brain",
        started=dt.datetime(2026, 6, 15, 9, 30),
        turns=[
            Turn(
                "user",
                "Hello\n\nsecond paragraph ^x",
                speaker="Maya",
                at=dt.datetime(2026, 6, 15, 9, 30),
                meta={"dia_id": "D1:1"},
            ),
            Turn("assistant", "```py\nprint(1)\n```\n^t9"),
            Turn("tool", ""),
        ],
    )
    text = s.render()
    again = Session.parse(text, s.path)
    assert again.render() == text
    assert [t.content for t in again.turns] == [t.content for t in s.turns]
    assert again.turns[0].meta == {"dia_id": "D1:1"}
    assert again.turns[0].speaker == "Maya"
    assert s.path == "sessions/2026/06/2026-06-15-ab12.md"
    # Anchors are lines of their own, in order.
    assert [ln for ln in text.splitlines() if ln.startswith("^t")] == ["^t1", "^t2", "^t3"]


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    contents=st.lists(tricky, min_size=0, max_size=6),
    roles=st.lists(
        st.sampled_from(["user", "assistant", "system", "tool"]), min_size=6, max_size=6
    ),
    title=plain,
)
def test_session_round_trip_property(contents, roles, title):
    s = Session(
        id="s1",
        title=title,
        format="brain",
        turns=[Turn(r, c) for r, c in zip(roles, contents, strict=False)],
    )
    text = s.render()
    parsed = Session.parse(text, s.path)
    assert parsed.render() == text
    assert [t.content for t in parsed.turns] == [t.content for t in s.turns]


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(blocks=st.lists(tricky, max_size=6), title=plain)
# YAML line-break characters (NEL, LS, PS) once folded into spaces on re-read.
@example(blocks=[], title="0\x85")
@example(blocks=["a\u2028b"], title="x\u2029y")
def test_source_round_trip_property(blocks, title):
    src = Source(
        title=title,
        origin="x.md",
        sha256="a" * 64,
        captured=dt.date(2026, 1, 2),
        mime="text/markdown",
        blocks=blocks,
    )
    text = src.render()
    parsed = Source.parse(text, src.path)
    assert parsed.render() == text
    assert parsed.blocks == src.blocks


@settings(max_examples=100)
@given(meta_title=plain, body=tricky, aliases=st.lists(plain, max_size=3))
def test_page_round_trip_property(meta_title, body, aliases):
    page = Page(
        path="knowledge/x.md",
        meta={
            "title": meta_title,
            "type": "person",
            "aliases": aliases,
            "created": dt.date(2026, 1, 1),
            "updated": dt.date(2026, 1, 2),
        },
        body=body,
    )
    text = page.render()
    assert Page.parse(text, page.path).render() == text


def test_session_anchor_out_of_order_is_a_parse_error():
    s = Session(id="s1", title="t", format="brain", turns=[Turn("user", "a"), Turn("user", "b")])
    broken = s.render().replace("^t2", "^t3")
    with pytest.raises(ParseError, match="out of order"):
        Session.parse(broken, "sessions/1970/01/s1.md")


def test_grown_session_keeps_old_turns():
    old = Session(id="s1", title="t", format="brain", turns=[Turn("user", "a")])
    new = Session(
        id="s1", title="t", format="brain", turns=[Turn("user", "a"), Turn("assistant", "b")]
    )
    assert new.grown_from(old)
    assert not old.grown_from(new)


def test_wikilinks_with_alias_heading_block_and_embed():
    text = "See [[Alice|her]], [[people/Bob#Work]], ![[s1#^t4]] and `[[not a link]]`.\n"
    links = extract_wikilinks(text)
    assert [(link.target, link.heading, link.block, link.shown, link.embed) for link in links] == [
        ("Alice", None, None, "her", False),
        ("people/Bob", "Work", None, None, False),
        ("s1", None, "t4", None, True),
    ]


def test_links_in_fenced_code_are_ignored():
    assert extract_wikilinks("```\n[[Nope]]\n```\n[[Yes]]\n")[0].target == "Yes"


def test_citation_grammar():
    body = "Maya works at Acme [cite:1][cite:2].\n\n## Citations\n\n" + "\n".join(
        [
            render_citation_def(1, "sessions/2026/06/s1", "t4", 'she said "hi"\nthere'),
            render_citation_def(2, "sources/doc-12345678", "p2", "x" * 500),
        ]
    )
    uses = extract_citation_uses(body)
    defs = extract_citation_defs(body)
    assert [n for n, _ in uses] == [1, 2]
    assert [(d.n, d.target, d.anchor) for d in defs] == [
        (1, "sessions/2026/06/s1", "t4"),
        (2, "sources/doc-12345678", "p2"),
    ]
    assert defs[0].quote == "she said 'hi' there"
    assert len(defs[1].quote) < 200 and defs[1].quote.endswith("…")


def test_resolver_follows_obsidian_rules():
    r = LinkResolver()
    r.add_file("knowledge/people/Alice Smith.md", "Alice Smith", ["Ali"])
    r.add_file("knowledge/projects/Alice Smith.md")  # same name, longer path? same depth
    r.add_file("notes/inbox/deep/Zed.md", "Zed note")
    r.add_file("sessions/2026/06/s1.md")
    assert r.resolve("alice smith") == "knowledge/people/Alice Smith.md"
    assert r.resolve("ALI") == "knowledge/people/Alice Smith.md"
    assert r.resolve("projects/Alice Smith") == "knowledge/projects/Alice Smith.md"
    assert r.resolve("sessions/2026/06/s1") == "sessions/2026/06/s1.md"
    assert r.resolve("s1") == "sessions/2026/06/s1.md"
    assert r.resolve("zed note") == "notes/inbox/deep/Zed.md"
    assert r.resolve("nobody") is None


def test_safe_filename_removes_link_breaking_characters():
    assert safe_filename('A/B: "C" [x]#^|') == "A B C x"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_shipped_json_schemas_are_current(name):
    from importlib import resources

    shipped = resources.files("memory_schema").joinpath(f"{name}.schema.json").read_text("utf-8")
    assert shipped == schema_text(name), "run: python -m memory_schema.schema"
