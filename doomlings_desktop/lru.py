"""The one bounded cache every cache of the program is made of (the window's text, pile slots,
card pictures, shades, widths; the save list's deck verdicts). A leaf, below rules and ui alike.

A cache that is only ever added to grows for as long as the window stays open: a long session
of bot games reached 424 MB that way (docs/promises.md, the soak benchmark). `LRU` keeps at
most `limit` entries, dropping the least recently used, whichever way an entry goes in; with
`weigh` it also keeps the summed weight (e.g. a surface's bytes) under `budget`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class LRU(OrderedDict):
    """A dict of at most `limit` entries (and, with `weigh`, at most `budget` summed weight):
    storing past the bound drops the least recently used. `get` and `[]` count as a use.

    It is an OrderedDict, so code written for one (move_to_end, popitem) keeps working; every
    way in (`[k] = v`, setdefault, update) goes through `__setitem__`, which evicts."""

    def __init__(self, limit: int, budget: int = 0,
                 weigh: Callable[[Any], int] | None = None) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError("an LRU holds at least one entry")
        self.limit = limit
        self.budget = budget
        self.weigh = weigh
        self.weight = 0

    def __getitem__(self, key: Hashable) -> Any:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key in self:
            return self[key]
        return default

    def __setitem__(self, key: Hashable, value: Any) -> None:
        if self.weigh is not None:
            if key in self:
                self.weight -= self.weigh(super().__getitem__(key))
            self.weight += self.weigh(value)
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit or (self.weigh is not None and self.weight > self.budget
                                         and len(self) > 1):
            self.popitem(last=False)

    def setdefault(self, key: Hashable, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args: Any, **kwargs: Any) -> None:    # type: ignore[override]
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def popitem(self, last: bool = True) -> tuple[Hashable, Any]:
        key, value = super().popitem(last)
        if self.weigh is not None:
            self.weight -= self.weigh(value)
        return key, value

    def pop(self, key: Hashable, *default: Any) -> Any:
        if key not in self:
            return super().pop(key, *default)
        value = super().pop(key)
        if self.weigh is not None:
            self.weight -= self.weigh(value)
        return value

    def __delitem__(self, key: Hashable) -> None:
        self.pop(key)

    def clear(self) -> None:
        super().clear()
        self.weight = 0
