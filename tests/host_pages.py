"""Pages a scripted host writes in the host-run tests (one user, one session: MAY)."""

from __future__ import annotations

SESSION = "sessions/2026/05/2026-05-04-intro"
PROFILE = "knowledge/people/Maya Chen.md"
SUMMARY = f"{SESSION}.summary.md"

CITES = f"""## Citations

- [cite:1] [[{SESSION}#^t1]] "Hi, I'm Maya Chen. I work as a data analyst at Acme Corp."
- [cite:2] [[{SESSION}#^t3]] "We use Jenkins for CI. I live in Lisbon. My manager is Tom Baker."
- [cite:3] [[{SESSION}#^t5]] "Please always answer with Python examples. I prefer short answers."
"""


def profile(extra: str = "") -> str:
    return f"""---
title: Maya Chen
type: profile
aliases:
- Maya
tags: []
created: 2026-05-04
updated: 2026-05-04
summary: 'Employer: Acme Corp · Role: data analyst · Lives in: Lisbon'
---
# Maya Chen

## Current

- **Employer:** Acme Corp — since 2026-05-04 [cite:1]
- **Role:** data analyst — since 2026-05-04 [cite:1]
- **Lives in:** Lisbon — since 2026-05-04 [cite:2]
- **Manager:** Tom Baker — since 2026-05-04 [cite:2]
{extra}
## Preferences

- Prefers short answers [cite:3]

## Standing requests

- Always answer with Python examples [cite:3]

{CITES}"""


SUMMARY_TEXT = f"""---
title: 'Summary: Chat 2026-05-04-intro'
type: summary
aliases: []
tags: []
created: 2026-05-04
updated: 2026-05-04
summary: Maya introduces herself; data analyst at Acme Corp, lives in Lisbon.
session: 2026-05-04-intro
date: 2026-05-04
participants:
- Maya
- assistant
subjects:
- Maya Chen
---
# Summary: Chat 2026-05-04-intro

**Date:** 2026-05-04 · **Participants:** Maya, assistant

## Key points

- Maya works as a data analyst at Acme Corp. [cite:1]
- Maya lives in Lisbon; her manager is Tom Baker. [cite:2]
- Maya prefers short answers with Python examples. [cite:3]

## Subjects

[[Maya Chen]]

{CITES}"""

#: A claim its cited turn does not support.
UNSUPPORTED = "\n- **Plays:** the cello in the city orchestra — since 2026-05-04 [cite:1]\n"
