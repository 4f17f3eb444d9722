"""Is a name in a sentence a person's, and does a question's kind of thing ask for
someone? "which bank does leo use?" asks for no one: "Monzo" in "i've been with Monzo for
years" answers it, "Sam" in "Sam keeps telling me to move my money" does not.

Both are read by the bundled embedding model against example prototypes
(`language/data/prototypes.json`), since WordNet files a provider, a supplier and a
carrier under people and knows no bank's or phone network's name.
"""

from __future__ import annotations

import re

from validators.lexicon import names_someone

from .nearness import nearness
from .reading import Similarity

#: Words before a name that make it a thing's: "got the shun", "a kangoo".
_ARTICLE = re.compile(r"\b(?:the|a|an|this|that|these|those|some)\s+$", re.I)


def reads_as(similarity: Similarity, sentence: str, name: str, kind: str) -> bool:
    """Whether `name` in `sentence` reads as a `kind` ("person", "thing" or "place"): by
    how the sentence uses it (`name_use` examples, the name put as X: "X keeps telling me
    ..." against "i've been with X for years", "we moved to X") and by the name alone
    (`name_word` examples: "priya" against "spotify" and "leeds"), each as the kind's
    lead over the best other, the two added. A bank's name may read a little like a first
    name ("monzo" +0.06) when its use does not (-0.16); a rep's name said as a thing ("my
    fish guy at the supplier, tomas, says ...": -0.02) reads as a name (+0.10). A name
    after an article is a thing's, whatever the name alone reads as: "got the shun" (a
    knife; Shun is a given name too)."""
    at = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", sentence, flags=re.I)
    if at and _ARTICLE.search(sentence[: at.start()]):
        return kind == "thing"
    context = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "X", sentence, flags=re.I)
    use = nearness(similarity, context, "name_use")
    word = nearness(similarity, name.lower(), "name_word")
    word["thing"] = word.pop("brand")
    lead = use[kind] - max(v for k, v in use.items() if k != kind)
    lead += word[kind] - max(v for k, v in word.items() if k != kind)
    return lead > 0


def asks_someone(similarity: Similarity | None, head: str) -> bool:
    """Whether a thing asked for by `head` ("which bank", "what provider") may be a
    person: WordNet files it under people in some sense, and, with the embedding model,
    "my <head>" is nearer the `subject` examples of people ("my sister", "my boss") than
    of organizations ("my company", "my gym"). WordNet's provider and supplier are
    people; "my internet provider" reads as a company (-0.06), "my dentist" as someone."""
    if not names_someone(head.split()[-1]):
        return False
    if similarity is None:
        return True
    near = nearness(similarity, f"my {head}", "subject")
    return near["person"] >= near["organization"]


__all__ = ["asks_someone", "reads_as"]
