"""Pass-and-play's private news for a seat's next look, kept across save and load.

While another player has the screen, a seat's standing answer may play an out-of-turn card
for it, or the table may give a forced answer for it (play/standing.py: `played_for`,
`forced_for`). That is told to the seat alone, the next time it takes the screen. A game
saved, closed or killed at the pass screen before then lost it: it lived only in the running
match, and Continue never told the player what had been played in their name. The save now
keeps it (`saves.read_told` checks its shape) and Continue or Load gives it back.

The same for "new in your hand": the cards a player drew, shown to them before the pass
screen hides them (`Match.review`). The autosave is made while that window is open; a game
closed then showed the next player's pass screen on Continue, and the drawn cards were never
pointed out. They are kept too, and told in that player's summary at their next look.

And the stage's moments not shown yet ("New age: ...", "Catastrophe 1 of 3: ...", what hit
you): those told to a player as the screen passed on wait for that player's next turn at the
screen (ui/table/moments.py). About a third of the pass screens of a two-player game have
one waiting (three games looked at); closed there, Continue never showed them. The table
hands them to the match (`Match.untold`) when it saves, and takes them back
(`Match.moments_kept`) after a load.

No pygame, no I/O: the match calls these when it saves and after a load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from doomlings_desktop.play.story import BIG, Moment
from doomlings_desktop.rules.record import RecordError, decode_answer, encode_answer

if TYPE_CHECKING:
    from doomlings_desktop.play.match import Match

# what replaces "new in your hand" (the window shown before the pass screen) when the game
# was saved or closed while it was open: told at the player's next look, in their summary
DRAWN = "Drawn before the game was saved (still in your hand): "
MOMENT_KINDS = (*BIG, "you", "since")      # what the stage tells (play/story.py, the table)


def to_save(m: Match) -> dict[str, dict]:
    """What waits to be told each seat, as a save keeps it (seat -> played cards by their
    record names, forced answers in words, the cards of an open "new in your hand", the
    stage's moments not shown). The seat at the screen is left out of the first two: the
    table tells them at once (the autosave made as it takes the screen would otherwise tell
    them again after Continue), as `Match.seen_to_save` counts it as having seen the table."""
    s = m.stand_in
    out: dict[str, dict] = {}
    for q in sorted(set(s.played_for) | set(s.forced_for)):
        if q == m.cleared:
            continue
        played = [encode_answer(m.db, "react", c) for c in s.played_for.get(q, ())]
        forced = list(s.forced_for.get(q, ()))
        if played or forced:
            out[str(q)] = {"played": played, "forced": forced}
    r = m.review
    if r is not None and r[1]:      # "new in your hand", held open at the pass screen
        got = out.setdefault(str(r[0]), {"played": [], "forced": []})
        got["drawn"] = [encode_answer(m.db, "card", c) for c in r[1]]
    untold = m.untold() if m.untold is not None else {}
    for q, moments in sorted(untold.items()):
        if moments and q in m.humans:
            got = out.setdefault(str(q), {"played": [], "forced": []})
            got["moments"] = [_moment_to_save(m, x) for x in moments]
    return out


def _moment_to_save(m: Match, x: Moment) -> dict:
    """A moment of the stage not shown yet, as a save keeps it (its card by record name)."""
    card = encode_answer(m.db, "card", x.card) if x.card >= 0 else ""
    return {"kind": x.kind, "title": x.title, "text": x.text, "card": card,
            "lines": list(x.lines)}


def restore(m: Match, raw: dict[int, dict]) -> None:
    """After Continue or Load: what waited to be told each human seat (`raw`, shaped by
    `saves.read_told`), waiting again. A played card is kept only if it can be played out
    of turn (what a standing answer plays), a drawn one only if still in that hand, a moment
    only if of a kind the stage tells; any other entry, or a seat not a human's, is dropped."""
    s = m.stand_in
    for q, got in raw.items():
        if q not in m.humans:
            continue
        played = [c for c in (_card(m, a) for a in got.get("played", ())) if c is not None]
        forced = [w for w in got.get("forced", ()) if isinstance(w, str)]
        drawn = [c for c in (_in_hand(m, q, a) for a in got.get("drawn", ())) if c is not None]
        if drawn:       # the window is gone with the break: a line of their summary instead
            forced.append(DRAWN + ", ".join(m.db.name(c) for c in drawn) + ".")
        moments = [x for x in (_moment(m, raw) for raw in got.get("moments", ()))
                   if x is not None]
        if moments:
            m.moments_kept[q] = moments
        if played:
            s.played_for[q] = played
        if forced:
            s.forced_for[q] = forced


def _moment(m: Match, raw: Any) -> Moment | None:
    """A kept moment (its shape checked by `saves.read_told`), if its kind is one the story
    tells and its card, if any, is a card."""
    if not isinstance(raw, dict) or raw.get("kind") not in MOMENT_KINDS:
        return None
    card = -1
    if raw.get("card"):
        try:
            card = decode_answer(raw["card"], m.db)
        except RecordError:
            return None
        if type(card) is not int:
            return None
    return Moment(raw["kind"], raw["title"], raw["text"], card, list(raw["lines"]))


def _in_hand(m: Match, q: int, a: Any) -> int | None:
    """The card `a` names, if it is in seat q's hand."""
    try:
        c = decode_answer(a, m.db)
    except RecordError:
        return None
    return c if type(c) is int and c in m.game.players[q].hand else None


def _card(m: Match, a: Any) -> int | None:
    """The card `a` names, if it is one a standing answer could have played."""
    try:
        c = decode_answer(a, m.db)
    except RecordError:
        return None
    return c if type(c) is int and 0 <= c < len(m.db.reaction) and m.db.reaction[c] else None
