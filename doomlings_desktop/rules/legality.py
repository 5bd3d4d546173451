"""What may be played or targeted now: the one legality check and the queries built on it.

`play_problem(p, c)` is the rule (R7, R15, R17 and the two-dominants limit): it says why a card
cannot be played, or None. `legal_plays(p)` is the same rule arranged for the hot path of every
turn; tests/test_legality.py pins the two together over many random positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doomlings_desktop.rules.cards import COLOR_BIT


def _cost_words(flt: tuple, n: int, src: str) -> str:
    """'2 non-dominant red traits', '1 green trait': what a cost needs, for a refusal (a hand
    card may be dominant: only a pile's dominants are never discarded, E19)."""
    color = dict(flt).get("color")
    kind = ("non-dominant " if src == "pile" else "") + (f"{color} " if color else "")
    return f"{n} {kind}trait{'s' if n > 1 else ''}"


class Legality:
    """Mixed into `Game`: reads the state's fields, changes nothing."""

    __slots__ = ()

    def colors_of(self, p: int, c: int) -> tuple[str, ...]:
        """Card c's colours in p's pile: all of a multi-colour trait's (E5), or the one colour
        Faith gave it at World's End."""
        rc = self.players[p].recolor
        if rc is not None and c in rc:
            return (rc[c],)
        if self.hosts:      # Cybernetic / Transgenic Modification: the host's one colour (E12)
            a = self.hosts.get(c, -1)
            if a >= 0 and self.db.host_color[a]:
                return (self.db.host_color[a],)
        return self.db.colors[c]

    def pile_colors(self, p: int) -> list[str]:
        """The colours of p's traits, a multi-colour trait once in each of its colours (E5):
        every count, pair, distinct, least and missing colour is read from this list. The
        fast path (no multi-colour card in the game, no Faith) is one string per trait."""
        pl = self.players[p]
        db = self.db
        rc = pl.recolor
        if not rc and not db.multi and not self.hosts:
            col = db.color
            return [col[c] for c in pl.pile]
        out: list[str] = []
        if not rc:      # each card's own colours, or its host colour (E12): inlined colors_of
            cols = db.colors
            hosts = self.hosts
            if not hosts:
                for c in pl.pile:
                    out += cols[c]
                return out
            hc = db.host_color
            for c in pl.pile:
                a = hosts.get(c, -1)
                if a >= 0 and hc[a]:
                    out.append(hc[a])
                else:
                    out += cols[c]
            return out
        for c in pl.pile:
            out.extend(self.colors_of(p, c))
        return out

    def dominants(self, p: int) -> int:
        return sum(map(self.db.dominant.__getitem__, self.players[p].pile))

    def has_in_pile(self, p: int, ident: str) -> bool:
        idt = self.db.ident
        return any(idt[c] == ident for c in self.players[p].pile)

    def protected(self, op: str) -> bool:
        """Reforestation: piles cannot be swapped, stolen or discarded from this round."""
        return bool(self.rules.get("protect_piles")) and op in ("steal", "swap", "discard")

    def round_blocks(self, c: int) -> str | None:
        """The round's restriction that stops playing card c, if any (R17)."""
        rules = self.rules
        if not rules:
            return None
        db = self.db
        cols = db.colors[c]
        forbid = rules.get("forbid_color")
        last = self.last_colors if rules.get("not_last_color") else None
        why = None
        if forbid in cols:      # a multi-colour trait is blocked if any colour is (E5)
            why = f"no {forbid} traits this round"
        elif "max_value" in rules and db.value[c] > rules["max_value"]:
            why = f"only traits worth {rules['max_value']} or less this round"
        elif last and any(x in last for x in cols):
            shared = "/".join(x for x in cols if x in last)
            why = f"not the color of the last trait played ({shared})"
        return f"{db.cards[self.age].name}: {why}" if why else None

    def play_problem(self, p: int, c: int, from_hand: bool = True) -> str | None:
        """Why player p cannot play card c from hand now, or None if it is legal (R7)."""
        r = self.round_blocks(c)
        if r:
            return r
        if self.db.dominant[c] and self.dominants(p) >= 2:
            return f"{self.db.cards[c].name}: you already have 2 dominant traits"
        if from_hand:
            return self._requirement_problem(p, c)
        if self.db.attach[c] is not None and not self.has_host(p, c):
            return self._no_host(c)
        return None

    def _requirement_problem(self, p: int, c: int) -> str | None:
        """A requirement not met or a cost that cannot be paid (R7, R15)."""
        d = self.db.cards[c]
        req = d.requires
        if req is not None:
            color, need = req
            have = self.pile_colors(p).count(color)
            if have < need:
                return f"{d.name}: needs {need} {color} trait{'s' if need > 1 else ''} in your pile"
        cost = d.cost
        if cost is not None:
            op, flt, n, src = cost
            if len(self.cost_targets(p, cost, c)) < n:
                if op == "discard_trait" and src == "pile" and self.protected("discard"):
                    return f"{d.name}: traits cannot be discarded this round"
                what = "give" if op == "give_trait" else "discard"
                if n == 1 and src == "pile":
                    return f"{d.name}: you have no trait to {what} for its cost"
                where = "your hand or pile" if src != "pile" else "your pile"
                return f"{d.name}: its cost needs {_cost_words(flt, n, src)} from {where}"
        if d.attach is not None and not self.has_host(p, c):
            return self._no_host(c)
        return None

    def cost_targets(self, p: int, cost: tuple, skip: int = -1) -> list[int]:
        """What p may give or discard to pay a cost (R7, E19): non-dominant traits of the pile
        matching the filter (none in a round that protects piles from discards), and for a
        cost `from: hand_or_pile` the matching cards of the hand too, but `skip` (the card
        being played)."""
        op, flt, _n, src = cost
        pile = self.pile_targets([p], flt, "discard" if op == "discard_trait" else "")
        if src == "pile":
            return pile
        hand = [x for x in self.players[p].hand if x != skip and self.matches(p, x, flt)]
        return hand + pile

    def _no_host(self, c: int) -> str:
        d = self.db.cards[c]
        where = "in any pile" if d.attach.any_pile else "in your pile"
        return f"{d.name}: no trait {where} it can attach to"

    def has_host(self, p: int, c: int) -> bool:
        """Whether attachment c has a legal host for p (legality asks every turn of every
        attachment in hand: the first host found answers)."""
        return bool(self.hosts_for(p, c, first=True))

    def hosts_for(self, p: int, c: int, moving: bool = False, first: bool = False) -> list[int]:
        """The traits attachment c may attach to when p plays it (E8): in p's pile, or in any
        pile when the card says so; never a dominant, an attachment or a trait that has one;
        matching the card's condition. A dominant attachment needs room for a dominant in
        the host's pile (E9), unless it is `moving` within its pile (Ruggedized, E14)."""
        db = self.db
        spec = db.attach[c]
        seats = self.order_from(p) if spec.any_pile else (p,)
        dom = db.dominant
        att = self.attached
        hosts = self.hosts
        flt = spec.host
        out = []
        for q in seats:
            if dom[c] and not moving and self.dominants(q) >= 2:
                continue
            for h in self.players[q].pile:
                if dom[h] or h in att or h in hosts:
                    continue
                if flt and not self.matches(q, h, flt):
                    continue
                out.append(h)
                if first:
                    return out
        return out

    def legal_plays(self, p: int) -> list[int]:
        """Cards player p may play from hand now (the hot path of every turn).

        The same rules as `play_problem`, arranged for the common case: no round rule and only
        plain cards cost one pass over the hand without calls."""
        hand = self.players[p].hand
        db = self.db
        rules = self.rules
        if rules:
            forbid = rules.get("forbid_color")
            mv = rules.get("max_value")
            last = self.last_colors if rules.get("not_last_color") else None
            if forbid is not None or last or mv is not None:
                blocked = COLOR_BIT.get(forbid, 0) | (db.mask_of[last] if last else 0)
                mask = db.mask
                val = db.value
                allowed = []
                for c in hand:
                    if not mask[c] & blocked and (mv is None or val[c] <= mv):
                        allowed.append(c)
                hand = allowed
        out = hand[:]
        plain = db.plain
        full = None
        for c in hand:
            if plain[c]:
                continue
            if db.dominant[c]:
                if full is None:
                    full = self.dominants(p) >= 2
                if full:
                    out.remove(c)
                    continue
            if self._requirement_problem(p, c):
                out.remove(c)
        return out

    def matches(self, p: int, c: int, flt: tuple, source: int = -1) -> bool:
        """Whether trait c in p's pile passes an effect's filter: every (key, value) of it,
        each key's test one function of FILTERS (the card loader checks the keys)."""
        for k, v in flt:
            if k == "color":        # the usual key, tested without a call
                rc = self.players[p].recolor
                if (rc[c] != v) if rc and c in rc else (
                        v not in (self.colors_of(p, c) if self.hosts else self.db.colors[c])):
                    return False
            elif not FILTERS[k](self, p, c, v, source):
                return False
        return True

    def pile_targets(self, seats: list[int], flt: tuple = (), op: str = "", source: int = -1,
                     allow_dominant: bool = False) -> list[int]:
        """Cards in those piles that an effect may take: never dominants (R13), never a trait
        that never leaves its pile (Fulfilled), never in a protected round for
        steal/swap/discard, and matching the filter. While an attachment lies in a pile, an
        attachment is never a target on its own, and a host its attachment protects is none
        for that effect (E10); a trait Lyonization blanks loses Fulfilled's protection (E11)."""
        if op and self.protected(op):
            return []
        dom = self.db.dominant
        fixed = self.db.fixed
        att = self.attached
        if att:
            op = "discard" if op.startswith("discard") else op
        out = []
        for q in seats:
            for c in self.players[q].pile:
                if (dom[c] and not allow_dominant) or fixed[c] and not (att and self.blanked(c)):
                    continue
                if att and (c in att or self.keeps_place(c, op)):
                    continue
                if flt and not self.matches(q, c, flt, source):
                    continue
                out.append(c)
        return out

    def why_not(self, answer: Any) -> str:
        """A short reason why an answer is not legal now (for the player)."""
        d = self.pending
        if d is None:
            return "no decision is pending"
        db = self.db
        if type(answer) is not int and type(answer) is not str:
            return f"an answer is a card, a seat or a word, not a {type(answer).__name__}"
        if d.kind == "play" and type(answer) is int and 0 <= answer < len(db.cards):
            if answer not in self.players[d.player].hand:
                return f"{db.name(answer)} is not in your hand"
            reason = self.play_problem(d.player, answer)
            if reason:
                return reason
        return f"{_shown(answer)} is not a legal answer here ({d.prompt})"


def _f_color(g: Legality, p: int, c: int, v: str, source: int) -> bool:
    """A colour-named effect takes a trait with any matching colour (a multi-colour trait's
    each, E5), or the colour Faith or an attachment gave it (E12)."""
    rc = g.players[p].recolor
    if rc and c in rc:
        return rc[c] == v
    return v in (g.colors_of(p, c) if g.hosts else g.db.colors[c])


# Filter keys of effects (`filter:` in the card data) and what each asks of a trait.
FILTERS: dict[str, Callable[[Any, int, int, Any, int], bool]] = {
    "color": _f_color,
    "value": lambda g, p, c, v, s: g.db.value[c] == v and not g.db.cards[c].variable,
    "value_at_least": lambda g, p, c, v, s: g.db.value[c] >= v,
    "value_at_most": lambda g, p, c, v, s: g.db.value[c] <= v,
    "has_action": lambda g, p, c, v, s: g.db.has_action[c] == v,
    "dominant": lambda g, p, c, v, s: g.db.dominant[c] == v,
    "effectless": lambda g, p, c, v, s: (not g.db.has_effect[c]) == v,
    "module": lambda g, p, c, v, s: g.db.module[c] == v,
    "not_self": lambda g, p, c, v, s: not (v and c == s),
    # "a non-blue trait": none of its colours is (E12)
    "not_color": lambda g, p, c, v, s: v not in g.colors_of(p, c),
}


def _shown(answer: int | str) -> str:
    """An answer as a player may read it in a refusal, at most 40 characters. An int is
    sized by its bits before any conversion: `repr(10**5000)` raises ValueError (Python's
    4,300-digit limit), and a refusal must never raise anything but IllegalAnswer."""
    if type(answer) is int and answer.bit_length() > 128:
        return f"a {answer.bit_length()}-bit number"
    shown = repr(answer[:40] if type(answer) is str else answer)
    return shown if len(shown) <= 40 else shown[:37] + "..."
