"""Named counters over a player's position, used by score terms and by counted effects
("discard 1 card per red trait", "+1 per blue trait"). Each is `fn(game, seat, arg) -> int`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

COLORS = ("red", "blue", "green", "purple")
_COLOR_SET = frozenset(COLORS)


class Counter(NamedTuple):
    fn: Callable[[Any, int, Any], int]
    arg: str | None = None
    arg_kind: str = ""


def pile_size(g: Any, p: int, _: Any) -> int:
    return len(g.players[p].pile)


def pile_color(g: Any, p: int, color: str) -> int:
    return g.pile_colors(p).count(color)


def _count_of(zone: str, column: str, equal: bool = True) -> Callable[[Any, int, Any], int]:
    """A counter of the cards in the player's "pile" or "hand", in every pile ("piles") or in
    the discard pile ("discard") whose entry in `column` of the card table (`Database`'s flat
    arrays) is the counter's argument, or (`equal` False) is true."""
    def count(g: Any, p: int, arg: Any) -> int:
        col = getattr(g.db, column)
        if zone == "piles":
            cards = [c for pl in g.players for c in pl.pile]
        else:
            cards = g.discard if zone == "discard" else getattr(g.players[p], zone)
        return sum(1 for c in cards if col[c] == arg) if equal else sum(1 for c in cards if col[c])
    return count


pile_value = _count_of("pile", "value")
pile_named = _count_of("pile", "ident")
all_piles_named = _count_of("piles", "ident")
pile_module = _count_of("pile", "module")    # a card's module goes where it goes (E1)
all_piles_module = _count_of("piles", "module")
discard_module = _count_of("discard", "module")
discard_dominants = _count_of("discard", "dominant", equal=False)
hand_dominants = _count_of("hand", "dominant", equal=False)
hand_with_effect = _count_of("hand", "has_effect", equal=False)
pile_dominants = _count_of("pile", "dominant", equal=False)
pile_actions = _count_of("pile", "has_action", equal=False)


def pile_negative(g: Any, p: int, _: Any) -> int:
    v = g.db.value
    return sum(1 for c in g.players[p].pile if v[c] < 0)


def discard_negative(g: Any, p: int, every: int) -> int:
    """Traits with a negative face value in the discard pile, per `every` of them, rounded
    down (Cranial Crest: +1 for every 3). A variable value counts 0, never negative."""
    v = g.db.value
    return sum(1 for c in g.discard if v[c] < 0) // every


def pile_value_at_least(g: Any, p: int, value: int) -> int:
    """Traits in the pile with a face value of `value` or more (a variable value counts 0)."""
    v = g.db.value
    return sum(1 for c in g.players[p].pile if v[c] >= value)


def pile_distinct_colors(g: Any, p: int, _: Any) -> int:
    return len(set(g.pile_colors(p)) & _COLOR_SET)


def pile_color_pairs(g: Any, p: int, _: Any) -> int:
    cols = g.pile_colors(p)
    return sum(cols.count(c) // 2 for c in COLORS)


def opponents_color_pairs(g: Any, p: int, color: str) -> int:
    return sum(pile_color(g, q, color) // 2 for q in range(g.n) if q != p)


def pile_least_color(g: Any, p: int, _: Any) -> int:
    """Traits of the least-counted color present; 0 unless 2+ colors are present."""
    cols = g.pile_colors(p)
    counts = [cols.count(c) for c in COLORS if c in cols]
    return min(counts) if len(counts) >= 2 else 0


def chosen_color_in_pile(g: Any, p: int, ident: str) -> int:
    """Traits of the color chosen at World's End by the named card's owner (Sentience, Viral)."""
    color = g.marks.get(ident)
    return pile_color(g, p, color[1]) if color else 0


def hand_size(g: Any, p: int, _: Any) -> int:
    return len(g.players[p].hand)


def hand_distinct_colors(g: Any, p: int, _: Any) -> int:
    cols = g.db.colors
    return len({x for c in g.players[p].hand for x in cols[c]} & _COLOR_SET)


def gene_pool(g: Any, p: int, _: Any) -> int:
    return g.players[p].gp


def one(g: Any, p: int, _: Any) -> int:
    return 1


def missing_colors(g: Any, p: int, _: Any) -> int:
    return 4 - pile_distinct_colors(g, p, None)


def pile_effectless(g: Any, p: int, _: Any) -> int:
    eff = g.db.has_effect
    return sum(1 for c in g.players[p].pile if not eff[c])


def pile_color_sets(g: Any, p: int, _: Any) -> int:
    """Complete sets of the four colours: the smallest of the four counts (E5)."""
    cols = g.pile_colors(p)
    return min(cols.count(c) for c in COLORS)


def pile_all_colors(g: Any, p: int, _: Any) -> int:
    """1 when red, blue, green and purple are all in the pile (Dragon Heart), else 0."""
    return 1 if _COLOR_SET.issubset(g.pile_colors(p)) else 0


def max_gene_pool(g: Any, p: int, _: Any) -> int:
    """The highest gene pool of all players (Hyper-Myelination)."""
    return max(pl.gp for pl in g.players)


def host_value(g: Any, p: int, ident: str) -> int:
    """The face value of the host each copy of the named attachment in the pile lies on
    (Nano, E15: a variable-value host counts 0, rule 6)."""
    idt = g.db.ident
    val = g.db.value
    att = g.attached
    return sum(val[att[c]] for c in g.players[p].pile if idt[c] == ident and c in att)


def host_color_in_pile(g: Any, p: int, ident: str) -> int:
    """Traits of the pile that share a colour with the host of the named attachment (GMO,
    E32); a colorless host shares none (R11). The host counts itself."""
    idt = g.db.ident
    att = g.attached
    total = 0
    for c in g.players[p].pile:
        if idt[c] == ident and c in att:
            want = set(g.colors_of(p, att[c])) - {"colorless"}
            if want:
                total += sum(1 for x in g.players[p].pile
                             if not want.isdisjoint(g.colors_of(p, x)))
    return total


def score_before_meaning(g: Any, p: int, _: Any) -> int:
    """The score without any Meaning of Life bonus (The Dancer, E4)."""
    return g.score(p, with_meaning=False)


# Counters that read the cards in a hand: only the hand's owner may see their value.
PRIVATE = frozenset({hand_distinct_colors, hand_dominants, hand_with_effect})
# Counters that read the discard pile: a score with them must not change when the tiebreak's
# draws move cards after the final count (scoring.t_score).
READS_DISCARD = frozenset({discard_module, discard_negative, discard_dominants})

COUNTERS: dict[str, Counter] = {
    "pile_size": Counter(pile_size),
    "pile_color": Counter(pile_color, "color", "color"),
    "pile_value": Counter(pile_value, "value", "int"),
    "pile_negative": Counter(pile_negative),
    "pile_named": Counter(pile_named, "card", "card"),
    "all_piles_named": Counter(all_piles_named, "card", "card"),
    "pile_module": Counter(pile_module, "module", "module"),
    "all_piles_module": Counter(all_piles_module, "module", "module"),
    "discard_module": Counter(discard_module, "module", "module"),
    "discard_negative": Counter(discard_negative, "every", "int"),
    "discard_dominants": Counter(discard_dominants),
    "pile_value_at_least": Counter(pile_value_at_least, "value", "int"),
    "pile_distinct_colors": Counter(pile_distinct_colors),
    "pile_color_pairs": Counter(pile_color_pairs),
    "opponents_color_pairs": Counter(opponents_color_pairs, "color", "color"),
    "pile_least_color": Counter(pile_least_color),
    "chosen_color_in_pile": Counter(chosen_color_in_pile, "card", "card"),
    "hand_size": Counter(hand_size),
    "hand_distinct_colors": Counter(hand_distinct_colors),
    "hand_dominants": Counter(hand_dominants),
    "hand_with_effect": Counter(hand_with_effect),
    "gene_pool": Counter(gene_pool),
    "one": Counter(one),
    "missing_colors": Counter(missing_colors),
    "pile_dominants": Counter(pile_dominants),
    "pile_effectless": Counter(pile_effectless),
    "pile_actions": Counter(pile_actions),
    "pile_color_sets": Counter(pile_color_sets),
    "pile_all_colors": Counter(pile_all_colors),
    "score_before_meaning": Counter(score_before_meaning),
    "max_gene_pool": Counter(max_gene_pool),
    "host_value": Counter(host_value, "card", "card"),
    "host_color_in_pile": Counter(host_color_in_pile, "card", "card"),
}
