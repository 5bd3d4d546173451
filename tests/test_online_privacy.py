"""Nothing hidden on the wire: every message each remote seat receives over whole games (every
module, 2-6 seats) is checked against what that seat may know at that step.

The knowledge is the log-privacy scanner's (commands/logscan.py), gathered from the seat's own
views while the finished game is replayed answer by answer: its hand, every pile, the discard
pile, the ages, cards revealed or shown to it, its decisions, its Meaning of Life card, every
hand while hands are open, and every card that was in its hand. Each received message is
checked three ways: its text is scanned for any card's name (every byte, the way a person
would read it), every card id in its structured fields must be known, and it must decode with
the schema's unknown fields forbidden, so nothing else (a seed, a deck order) rides along.
"""

from __future__ import annotations

import asyncio

import pytest
from netdriver import play_seats, random_decider, start_server, stop_server

from doomlings_desktop.commands.logscan import Scanner, name_pattern
from doomlings_desktop.net.client import RemoteSeat
from doomlings_desktop.net.hints import HintPolicy
from doomlings_desktop.net.protocol import (
    Answer,
    AskHint,
    Hinted,
    Record,
    Update,
    ZAge,
    ZLaid,
    ZMoved,
    ZPlayed,
    ZPool,
    ZWorldEffect,
    decode_server,
    encode,
)
from doomlings_desktop.net.wire import wire_zone
from doomlings_desktop.rules.cards import available_modules
from doomlings_desktop.rules.engine import Game
from doomlings_desktop.rules.events import Asked, Passed, zone_events_for

CARD_KINDS = ("play", "card", "catastrophe", "react")     # decisions whose options are cards


def _tables() -> list[tuple[tuple[str, ...], list[str], int]]:
    """(modules, seats, seed): each module alone, then all of them, over 2-6 seats; a bot in
    some seats (what bots see never reaches a client, but their moves show in its events)."""
    mods = available_modules()
    out = []
    for i, m in enumerate(list(mods) + ["*"]):
        n = 2 + i % 5
        kinds = ["remote"] * n
        if n >= 4:
            kinds[1] = "random"
        out.append((tuple(mods) if m == "*" else (m,), kinds, 100 + i))
    out.append(((), ["remote"] * 6, 200))
    # three bots: their out-of-turn offers (5 in this game) are kept from the players
    out.append(((), ["remote", "random", "remote", "random", "random"], 402))
    return out


def _ids(u: Update) -> set[int]:
    """Every card id in a message's structured fields."""
    v = u.view
    ids = set(v.hand) | set(v.discard) | set(v.catastrophes) | set(v.revealed) | set(v.shown)
    ids |= {c for e in v.eras for c in e} | set(v.next_ages) | set(v.why_not) | set(v.hosts)
    ids |= {c for hosts in v.hosts.values() for c in hosts}
    ids |= {c for c in (v.age, v.meaning, v.next_age) if c is not None and c >= 0}
    ids |= {c for c in v.meanings if c >= 0}
    for s in v.seats:
        ids |= set(s.pile) | {c for pair in s.attached for c in pair} | set(s.hand or ())
    d = u.decision
    if d is not None:
        if d.kind in CARD_KINDS:
            ids |= {o for o in d.options if type(o) is int and o >= 0}
        ids |= {c for c in (d.card, d.subject) if c >= 0}
    for e in u.zones:
        if type(e) is ZMoved and e.card is not None:
            ids.add(e.card)
        elif type(e) is ZLaid:
            ids |= {c for c in e.cards if c is not None}
        elif type(e) in (ZPlayed, ZWorldEffect):    # the facts the stage reads
            ids.add(e.card)
        elif type(e) is ZAge and e.age >= 0:
            ids.add(e.age)
        elif type(e) is ZPool and e.cause >= 0:
            ids.add(e.cause)
    return ids


class _At:
    """The game's event stream as it was at one step (`zone_events_for` reads only this)."""

    def __init__(self, moves: list, pending=None) -> None:
        self.moves = moves
        self.pending = pending      # the decision pending then

    def unseen(self, bots: set[int]) -> list[int]:
        """The entries no player is told (net/offers.py): a room bot's out-of-turn offer and
        its pass. Worked out here apart from the server's code, to hold it to it."""
        return [i for i, e in enumerate(self.moves)
                if (type(e) is Asked and e.decision is not None and e.decision.kind == "react"
                    or type(e) is Passed) and e.seat in bots]

    def told(self, bots: set[int], answers: int) -> int:
        """The step a player is told at `answers` answers: one less for each bot's offer
        answered (the room answers one at once: no update is sent while one is pending)."""
        d = self.pending
        waiting = d is not None and d.kind == "react" and d.player in bots
        return answers - sum(type(self.moves[i]) is Asked for i in self.unseen(bots)) \
            + waiting

    def share(self, seat: int, place: int, bots: set[int]) -> tuple:
        """The seat's share of the stream from its own place `place`, the unseen left out."""
        hidden = set(self.unseen(bots))
        i = place
        for m in sorted(hidden):
            if m >= i:
                break
            i += 1
        got = zone_events_for(self, seat, i, places=True)
        return tuple(wire_zone(e) for k, e in enumerate(got) if i + k not in hidden)


def _knowledge(g: Game) -> tuple[list[list[tuple[set[int], set[str]]]], list[_At]]:
    """Replay g's answers with the scanner: per step, per seat, (cards known, names known);
    and per step the event stream as it was."""
    db = g.db
    again = Game.new(db, g.n, seed=g.seed, variants=g.variants, names=list(g.names))
    sc = Scanner(again, name_pattern(db))
    out = []

    def snap() -> list[tuple[set[int], set[str]]]:
        per = []
        for seat in range(g.n):
            cards = sc.seen[seat] | sc.public | sc.held[seat]
            per.append((cards, {db.name(c) for c in cards}))
        return per

    out.append(snap())
    streams = [_At(list(again.moves or ()), again.pending)]
    for a in g.answers:
        again.apply(a)
        sc.step()
        out.append(snap())
        streams.append(_At(list(again.moves or ()), again.pending))
    assert again.log == g.log
    return out, streams


def _printed(db, known: set[int], name: str, text: str) -> bool:
    """The name is quoted in the printed text of a card the seat knows (an age naming Heroic)."""
    return any(name in t and t in text for c in known
               for t in (db.cards[c].text, db.cards[c].we_text) if t)


def _play(modules: tuple[str, ...], kinds: list[str], seed: int) -> tuple[list, Game]:
    code = f"PRIV-{seed}"
    st, errors = start_server([(code, kinds, modules, seed)])
    try:
        seats = play_seats(st.url, code, kinds.count("remote"), seed=seed, record=True)
        g = st.server.rooms[code].game
    finally:
        stop_server(st, errors)
    assert g.over and not errors.records
    return seats, g


def check_wire(seats: list, g: Game) -> tuple[int, int]:
    """Raise AssertionError at the first card a seat was sent and may not know; returns the
    messages and card names checked."""
    db = g.db
    pattern = name_pattern(db)
    know, streams = _knowledge(g)
    bots = set(range(g.n)) - {s.seat for s in seats}
    at = {}         # the step a player is told -> the game's answers then (the last such:
    for k, stream in enumerate(streams):    # a bot's offer is answered in the same move)
        at[stream.told(bots, k)] = k
    checked = names = 0
    for s in seats:
        for k, raw in enumerate(s.received):
            msg = decode_server(raw)      # unknown fields forbidden: nothing rides along
            if type(msg) is Record:     # the whole record, only for the game's very end
                after = decode_server(s.received[k + 1])
                assert type(after) is Update and after.view.over and at[after.step] == len(
                    g.answers), "a game's record was sent before it was over"
                continue
            if type(msg) is Hinted:     # the host's coach, for this seat at that step
                cards, known_names = know[at[msg.step]][s.seat]
                for name in pattern.findall(msg.why):
                    names += 1
                    assert name in known_names or _printed(db, cards, name, msg.why), (
                        f"seat {s.seat}'s hint at step {msg.step} names {name!r}")
                s.hints = getattr(s, "hints", 0) + 1
                continue
            if type(msg) is not Update:
                assert not pattern.search(raw), raw
                continue
            cards, known_names = know[at[msg.step]][s.seat]
            # the events and facts (the stage reads them): exactly the seat's share, so no
            # fact the seat may not know (another seat's out-of-turn offer, a bot's at all)
            # rides along
            share = streams[at[msg.step]].share(s.seat, msg.zones_at, bots)
            assert msg.zones == share, (f"seat {s.seat} at step {msg.step} is sent events it "
                                        f"may not know")
            hidden = _ids(msg) - cards
            assert not hidden, (f"seat {s.seat} at step {msg.step} is sent cards it may not "
                                f"know: {sorted(db.name(c) for c in hidden)}")
            for name in pattern.findall(raw):
                names += 1
                assert name in known_names or _printed(db, cards, name, raw), (
                    f"seat {s.seat} at step {msg.step} reads {name!r}")
            checked += 1
    return checked, names


@pytest.mark.parametrize(("modules", "kinds", "seed"), _tables(),
                         ids=lambda x: ",".join(x) if isinstance(x, (list, tuple)) else str(x))
def test_every_byte_a_seat_receives_is_its_own_to_know(modules, kinds, seed, record_property):
    seats, g = _play(modules, kinds, seed)
    checked, names = check_wire(seats, g)
    bots = {i for i, k in enumerate(kinds) if k != "remote"}
    offers = sum(type(g.moves[i]) is Asked for i in _At(list(g.moves)).unseen(bots))
    assert offers > 0 or len(bots) < 3     # the table of three bots has some to keep
    assert checked >= len(seats) * (len(g.answers) - offers) and names > 0  # every step, seat
    size = sum(len(raw) for s in seats for raw in s.received)
    record_property("robustness", f"online wire privacy, {len(kinds)} seats, modules "
                                  f"{','.join(modules) or 'none'}: {checked} updates "
                                  f"({size:,} characters) checked, {names} card names in them"
                                  f", {offers} bot offers kept from them")


def _leaky(leak: str):
    """update_for with one leak of the kind a careless server would have."""
    from msgspec.structs import replace

    from doomlings_desktop.net import wire

    real = wire.update_for

    def update_for(g, seat, log_at, zones_at, *more):
        u = real(g, seat, log_at, zones_at, *more)
        other = (seat + 1) % g.n
        if leak == "hand":          # the next seat's hand in its SeatView
            seats = tuple(replace(sv, hand=tuple(g.players[other].hand))
                          if sv.seat == other else sv for sv in u.view.seats)
            return replace(u, view=replace(u.view, seats=seats))
        if leak == "log":           # the next seat's log lines (they name its draws)
            from doomlings_desktop.rules.events import events_for
            return replace(u, events=events_for(g, other, log_at))
        raw = (g.moves or ())[zones_at:]
        if leak == "asked":     # whom every offer waits for, out-of-turn ones too
            return replace(u, zones=tuple(wire.wire_zone(e) if type(e) is Asked else z
                                          for e, z in zip(raw, u.zones, strict=True)))
        return replace(u, zones=tuple(wire.wire_zone(e) for e in raw))

    return update_for


@pytest.mark.parametrize("leak", ["hand", "log", "zones", "asked"])
def test_the_check_finds_a_leak(leak, monkeypatch):
    """Proof that the check can fail: a server that sends another hand, another seat's log
    lines, the zone events unfiltered, or whom another seat's out-of-turn offer waits for (no
    card in it: the events are held to the seat's share) is caught."""
    from doomlings_desktop.net import server

    monkeypatch.setattr(server, "update_for", _leaky(leak))
    seats, g = _play((), ["remote", "remote", "remote"], 7)
    with pytest.raises(AssertionError, match="may not know|reads"):
        check_wire(seats, g)


class _Asking(RemoteSeat):
    """A seat that asks the host's coach at every other decision of its own with a choice and
    plays the hint once it comes (a refused one: the first option)."""

    async def _maybe_answer(self) -> None:
        v = self.view
        d = v.decision if v is not None else None
        if (d is not None and self.ws is not None and self.answered != self._asked()
                and d.kind != "end_turn" and len(d.options) > 1 and self.step % 2 == 0):
            self.answered = self._asked()
            await self.ws.send(encode(AskHint(step=self.step, game=self.game)), text=True)
            return
        await super()._maybe_answer()

    async def _receive(self, raw: str | bytes) -> bool:
        done = await super()._receive(raw)
        text = raw if isinstance(raw, str) else raw.decode()
        if '"t":"hint"' in text or ('"t":"refused"' in text and '"about":"hint"' in text):
            m = decode_server(text)
            d = self.view.decision if self.view is not None else None
            if d is not None and self.ws is not None:
                answer = m.answer if type(m) is Hinted and m.answer in d.options \
                    else d.options[0]
                await self.ws.send(encode(Answer(step=self.step, answer=answer,
                                                 game=self.game)), text=True)
        return done


def _hinting_game(seed: int) -> tuple[list, Game]:
    """Two seats that ask the host's coach all through a game of every module, and a bot."""
    modules, kinds = tuple(available_modules()), ["remote", "remote", "random"]
    st, errors = start_server([("PRIV-HINT", kinds, modules, seed)],
                              hints=HintPolicy(budget=None, iterations=4, per_minute=10_000))
    try:
        seats = []
        for i in range(2):
            got: list[str] = []
            s = _Asking(st.url, "PRIV-HINT", f"Remote {i}", random_decider(seed + i),
                        on_raw=got.append, give_up_after=10)
            s.received = got
            seats.append(s)

        async def main() -> list[int]:
            return await asyncio.wait_for(asyncio.gather(*(s.run() for s in seats)), 300)

        assert asyncio.run(main()) == [0, 0]
        g = st.server.rooms["PRIV-HINT"].game
    finally:
        stop_server(st, errors)
    assert g.over and not errors.records
    return seats, g


def test_the_hosts_hints_name_only_cards_their_seat_knows(record_property):
    """Seats ask the host's coach all through a game (every module): every hint they are sent
    names only cards that seat knows at that step, by the same check as every update."""
    seats, g = _hinting_game(300)
    checked, names = check_wire(seats, g)
    hints = sum(getattr(s, "hints", 0) for s in seats)
    assert hints >= 10 and names > 0, (hints, names)
    record_property("robustness", f"online wire privacy with hints: {hints} hints of the "
                                  f"host's coach checked among {checked} updates")


def test_the_check_finds_a_hint_that_names_a_hidden_card(monkeypatch):
    """Planted: a coach whose sentence names a card in another seat's hand is caught."""
    from doomlings_desktop.net import hints as H

    real = H.think

    def leaky(game, seat, salt, policy):
        hint, cpu = real(game, seat, salt, policy)
        others = [p.hand[0] for p in game.players if p is not game.players[seat] and p.hand]
        if not others:      # no other hand holds a card now: nothing to leak
            return hint, cpu
        return H.Hint(hint.answer, f"{hint.why} {game.db.name(others[0])}", hint.gain), cpu

    monkeypatch.setattr(H, "think", leaky)
    seats, g = _hinting_game(301)
    with pytest.raises(AssertionError, match="hint at step"):
        check_wire(seats, g)
