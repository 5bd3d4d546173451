"""Prompt lines put together from parts as one phrase.

A choice of several cards at once showed the rules' prompt with the table's counter after it:
"Enlightenment: you may discard a card before stabilizing (2 left) (0 chosen (up to 2))" (new-
user tryout): two brackets side by side, one inside the other, and the count said twice. Here
the counter replaces a count the prompt already ends with, any other bracket the prompt ends
with shares the counter's, and the counter itself has no bracket inside.
"""

from __future__ import annotations

import re

_LEFT = re.compile(r"\s*\(\d+ left\)$")      # the rules' own count, which the counter repeats
_TAIL = re.compile(r"\s*\(([^()]*)\)$")


def counted(n: int, count: int, up_to: bool) -> str:
    """How many of the cards asked for are chosen: "1 of 2 chosen", "0 of up to 2 chosen"."""
    return f"{n} of {'up to ' if up_to else ''}{count} chosen"


def with_counter(prompt: str, counter: str) -> str:
    """The prompt and the counter as one phrase, with one bracket at most."""
    prompt = _LEFT.sub("", prompt)
    tail = _TAIL.search(prompt)
    if tail:
        return f"{prompt[:tail.start()]} ({tail.group(1)}; {counter})"
    return f"{prompt} ({counter})"

