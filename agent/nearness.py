"""How near a text is to the example questions of language/data/prototypes.json: money or
a count, a code, an attribute asked after."""

from __future__ import annotations

from .reading import Similarity


def nearness(similarity: Similarity, text: str, group: str) -> dict[str, float]:
    """Per label of `group` (language/data/prototypes.json), how near `text` is to its
    examples: the mean of its three closest."""
    from language import prototypes

    return {
        label: sum(sorted(similarity(text, examples), reverse=True)[:3]) / 3
        for label, examples in prototypes()[group].items()
    }


def nearer(
    similarity: Similarity, text: str, group: str, margin: float = 0.0, floor: float = -1.0
) -> str | None:
    """The label of `group` (language/data/prototypes.json, two labels) whose example
    questions `text` is nearest to: the mean of its three closest examples. The first
    label wins only by `margin` and when it is `floor` near at least; None when neither
    does."""
    near = nearness(similarity, text, group)
    first, second = list(near)
    if near[first] > near[second] + margin and near[first] >= floor:
        return first
    return second if near[second] >= near[first] else None


#: A number question asks for a code when its examples are nearer by this much.
CODE_MARGIN = 0.05
#: ... and they are this near at least (mean of the three nearest).
CODE_FLOOR = 0.45


#: A question is after an attribute when its example questions are nearer than those of
#: any other attribute and of "none" by this much (mean top-3 cosine similarity).
ATTRIBUTE_MARGIN = 0.1


def nearest_attribute(similarity: Similarity, text: str) -> str | None:
    """The attribute (group `attribute_asked` of language/data/prototypes.json) whose
    example questions `text` is nearest to by ATTRIBUTE_MARGIN, else None."""
    near = nearness(similarity, text, "attribute_asked")
    ranked = sorted(near, key=lambda k: -near[k])
    best, second = ranked[0], ranked[1]
    if best == "none" or near[best] - near[second] < ATTRIBUTE_MARGIN:
        return None
    return best
