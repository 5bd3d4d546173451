"""Positions: a game set up as described, instead of dealt (scenarios, tests, a tutorial's deal).

`build(db, position, players=2)` is the one place outside the engine's own flow that writes a
game's zones, so a position is checked once, here, and every caller gets the same errors. The
keys are those of a scenario's `setup` section (docs/scenario-format.md):

    age, catastrophes_revealed, age_deck, trait_deck, discard, first_player, current_player,
    players: [{hand, pile, gene_pool, meaning}, ...]

Card lists name cards by id, top first for decks and piles of cards; a repeated id is another
physical copy. A pile entry `{card: ID, host: ID}` is an attachment lying on a trait named
earlier in the same pile (Techlings, E8-E10). The built game waits at the start of `current_player`'s turn, the age's one-time
parts taken as done. A built game has no deal to replay: its record is not a save.
"""

from __future__ import annotations

from typing import Any

from doomlings_desktop.rules.cards import Database
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import Laid
from doomlings_desktop.rules.flow import reveal_catastrophe, t_round_end, t_turn

POSITION_KEYS = frozenset({"age", "catastrophes_revealed", "age_deck", "trait_deck", "discard",
                           "first_player", "current_player", "players"})
SEAT_KEYS = frozenset({"hand", "pile", "gene_pool", "meaning"})
AGE_KINDS = ("age", "birth", "catastrophe")   # what the age deck holds


class PositionError(ValueError):
    """A position that cannot be set up. `where` is the key at fault ("players[1].hand"), ""
    for the position as a whole, None for `build`'s other arguments; `problem` says what."""

    def __init__(self, where: str | None, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(problem if where is None else f"{where or 'position'}: {problem}")


def _check_keys(m: Any, allowed: frozenset, where: str) -> dict:
    if not isinstance(m, dict):
        raise PositionError(where, "expected a mapping")
    bad = set(m) - allowed
    if bad:
        raise PositionError(where, f"unknown key(s) {sorted(bad)} (allowed: {sorted(allowed)})")
    return m


class _Cards:
    """Physical cards handed out by id, each copy once."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.used: set[int] = set()

    def take(self, ids: Any, where: str, kinds: tuple[str, ...]) -> list[int]:
        if ids is None:
            return []
        if not isinstance(ids, list):
            raise PositionError(where, "expected a list of card ids")
        db = self.db
        out = []
        for i in ids:
            if not isinstance(i, str) or i not in db.by_id:
                raise PositionError(where, f"unknown card id {i!r}")
            kind = db.cards[db.by_id[i][0]].kind
            if kind not in kinds:
                raise PositionError(where, f"{i} is a{'n' if kind[0] in 'aeiou' else ''} "
                                    f"{kind}, not a{'n' if kinds[0][0] in 'aeiou' else ''} "
                                    f"{' or '.join(kinds)}")
            free = [c for c in db.by_id[i] if c not in self.used]
            if not free:
                raise PositionError(where, f"no copy of {i!r} left "
                                    f"(all {len(db.by_id[i])} in use)")
            self.used.add(free[0])
            out.append(free[0])
        return out


def _pile(db: Database, cards: _Cards, raw: Any, where: str) -> list[tuple[int, int]]:
    """A seat's pile: (card, host) in play order, host -1 for a trait on no host. An entry
    `{card: ID, host: ID}` is an attachment on a trait named earlier in this pile that may
    host it (E8: not a dominant, an attachment or a trait that already has one, and meeting
    the card's condition)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise PositionError(where, "expected a list of card ids")
    out: list[tuple[int, int]] = []
    for k, item in enumerate(raw):
        if not isinstance(item, dict):
            out.append((cards.take([item], where, ("trait",))[0], -1))
            continue
        at = f"{where}[{k}]"
        _check_keys(item, frozenset({"card", "host"}), at)
        if "card" not in item or "host" not in item:
            raise PositionError(at, "an attachment is {card: ID, host: ID}")
        c = cards.take([item["card"]], f"{at}.card", ("trait",))[0]
        spec = db.attach[c]
        if spec is None:
            raise PositionError(f"{at}.card", f"{item['card']} is not an attachment")
        want = item["host"]
        if not isinstance(want, str):
            raise PositionError(f"{at}.host", f"expected the id of a trait earlier in this "
                                f"pile, not {want!r}")
        placed = [x for x, _ in out]
        taken = {h for _, h in out if h >= 0} | {x for x, h in out if h >= 0}
        free = [x for x in placed if db.ident[x] == want and x not in taken]
        if not free:
            earlier = any(db.ident[x] == want for x in placed)
            raise PositionError(f"{at}.host", f"{want} already has an attachment or is one"
                                if earlier else f"no {want!r} earlier in this pile")
        h = free[0]
        if db.dominant[h]:
            raise PositionError(f"{at}.host", f"{want} is dominant: never a host (E8)")
        if spec.host and not _fits(db, h, spec.host):
            raise PositionError(f"{at}.host", f"{want} does not meet "
                                f"{db.name(c)}'s condition for a host")
        out.append((c, h))
    return out


def _fits(db: Database, h: int, flt: tuple) -> bool:
    """A host filter on the printed card (a position has not been played yet)."""
    for k, v in flt:
        if k == "not_color" and v in db.colors[h] or k == "color" and v not in db.colors[h] \
                or k == "effectless" and db.has_effect[h] == v:
            return False
    return True


def _seat(v: Any, n: int, where: str) -> int:
    if type(v) is not int or not 0 <= v < n:
        raise PositionError(where, f"must be a seat 0..{n - 1}, not {v!r}")
    return v


def build(db: Database, position: dict | None = None, *, players: int = 2, seed: int = 0,
          variants: dict | None = None, log: bool = True, names: list[str] | None = None) -> Game:
    """A game at the position described (keys above), its first decision pending.

    Unnamed traits form the trait deck and unnamed ages the age deck, each shuffled with
    `seed` (unless given). Raises PositionError, naming the key, for anything malformed."""
    g = _new_game(db, players, seed, variants, log, names)
    pos = _check_keys(position if position is not None else {}, POSITION_KEYS, "")
    cards = _Cards(db)
    age = cards.take([pos.get("age", "the-birth-of-life")], "age", AGE_KINDS)[0]
    seats = _seats(db, cards, pos.get("players") or [], players)
    discard = cards.take(pos.get("discard"), "discard", ("trait",))
    age_deck = cards.take(pos["age_deck"], "age_deck", AGE_KINDS) \
        if "age_deck" in pos else None
    trait_deck = cards.take(pos["trait_deck"], "trait_deck", ("trait",)) \
        if "trait_deck" in pos else None
    k = pos.get("catastrophes_revealed", 0)
    if type(k) is not int or not 0 <= k <= 2:
        raise PositionError("catastrophes_revealed", f"must be 0..2, not {k!r}")
    first = _seat(pos.get("first_player", 0), players, "first_player")
    cur = _seat(pos.get("current_player", first), players, "current_player")
    # The shuffles come in this order, so a seed sets up the same decks as it always has.
    cats = _catastrophes(db, cards, age, k)
    if age_deck is None:
        age_deck = [a for a in db.ages if a not in cards.used]
        g.rng.shuffle(age_deck)
    if trait_deck is None:
        trait_deck = [c for c in db.traits if c not in cards.used]
        g.rng.shuffle(trait_deck)
    g.deck = trait_deck[::-1]
    g.discard = discard[::-1]
    g.age_deck = age_deck[::-1]
    _lay_ages(g, age, cats)
    g.first = first
    for i, seat in enumerate(seats):
        _lay_seat(g, i, *seat)
    g.count_held()
    order = g.order_from(first)
    if g.rules.get("reverse_order"):
        order = order[::-1]
    g.current = cur
    g.stack.append((t_round_end,))
    for p in reversed(order[order.index(cur):]):
        g.stack.append((t_turn, p))
    if g.moves is not None:     # laying the position out is no move: the set-up is the table
        g.keep_log()
        g.lay_out_recorded()
    g._run()
    return g


def _new_game(db: Database, players: Any, seed: Any, variants: Any, log: bool,
              names: list[str] | None) -> Game:
    if type(players) is not int or not 2 <= players <= 6:
        raise PositionError(None, f"players must be 2..6, not {players!r}")
    if type(seed) is not int:
        raise PositionError(None, f"seed must be an integer, not {seed!r}")
    if variants is not None and not isinstance(variants, dict):
        raise PositionError(None, "variants: expected a mapping")
    try:
        g = Game(db, players, seed=seed, variants=variants, log=log)
    except ValueError as e:
        raise PositionError(None, str(e)) from None
    if names:
        g.names = [str(x) for x in names][:players] + g.names[len(names):]
    return g


def _seats(db: Database, cards: _Cards, seats: Any, players: int) -> list[tuple]:
    """Each described seat as (hand, pile, gene pool or None, kept Meaning card or -1)."""
    if not isinstance(seats, list):
        raise PositionError("players", "expected a list of seats")
    if len(seats) > players:
        raise PositionError("players", f"{len(seats)} entries for {players} players")
    out = []
    for i, s in enumerate(seats):
        s = _check_keys(s or {}, SEAT_KEYS, f"players[{i}]")
        hand = cards.take(s.get("hand"), f"players[{i}].hand", ("trait",))
        pile = _pile(db, cards, s.get("pile"), f"players[{i}].pile")
        gp = s.get("gene_pool")
        if gp is not None and (type(gp) is not int or not 0 <= gp <= 8):
            raise PositionError(f"players[{i}].gene_pool", f"must be 0..8, not {gp!r}")
        m = s.get("meaning")    # the Meaning of Life card this seat kept (E4); none if absent
        kept = -1 if m is None else cards.take([m], f"players[{i}].meaning", ("meaning",))[0]
        out.append((hand, pile, gp, kept))
    return out


def _catastrophes(db: Database, cards: _Cards, age: int, k: int) -> list[int]:
    """The catastrophes already revealed: the current one if the position is at one, then
    the first unused ones up to `k`."""
    cats = [age] if db.cards[age].kind == "catastrophe" else []
    for c in db.catastrophes:
        if len(cats) >= k:
            break
        if c not in cards.used and c not in cats:
            cats.append(c)
            cards.used.add(c)
    return cats


def _lay_ages(g: Game, age: int, cats: list[int]) -> None:
    """The revealed catastrophes, each closing an era, and the current age."""
    g.catastrophes = cats
    g.eras = [[]]
    for c in cats:
        g.eras[-1].append(c)
        if c != age:
            g.eras.append([])
    if g.db.cards[age].kind != "catastrophe":
        g.eras[-1].append(age)
    g.age = age
    g.rules = g.db.cards[age].rules or {}


def _lay_seat(g: Game, i: int, hand: list[int], pile: list[tuple[int, int]], gp: int | None,
              kept: int) -> None:
    g.players[i].hand = hand
    for c, host in pile:
        if host < 0:
            g.add_to_pile(i, c)     # in play order: gene pool modifiers apply as played
        else:
            g.limbo.append(c)       # set-up: as if just played, onto its host
            g.attach(i, c, host)
    if gp is not None:
        g.players[i].gp = gp
    if kept >= 0:
        g.meaning[i] = kept
        g.meaning_offer[i] = (kept,)


def force_world_end(g: Game, catastrophe: int) -> None:
    """Reveal `catastrophe` now as the third one: the round stops and World's End runs (R5).

    For positions only (a scenario's `world_end` step, a test): a real game never jumps."""
    db = g.db
    if not 0 <= catastrophe < len(db.cards) or db.cards[catastrophe].kind != "catastrophe":
        raise PositionError(None, f"{catastrophe!r} is not a catastrophe")
    if catastrophe in g.age_deck:
        g.move(catastrophe, "age_deck", "era")
    else:       # a catastrophe from outside the age deck (a scenario's choice)
        g.zone("era").append(catastrophe)
        if g.moves is not None:
            g.laid("era", -1, None)
    g.stack.clear()
    g.pending = None
    if len(g.catastrophes) < 2:     # spares stand for the two catastrophes never revealed
        while len(g.catastrophes) < 2:
            g.catastrophes.append(next(x for x in db.catastrophes
                                       if x not in g.catastrophes and x != catastrophe))
        g.note(Laid("catastrophes", -1, tuple(g.catastrophes), None))
    reveal_catastrophe(g, catastrophe, third=True)
    g._run()


__all__ = ["POSITION_KEYS", "SEAT_KEYS", "PositionError", "build", "force_world_end"]
