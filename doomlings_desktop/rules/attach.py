"""Attachments (the Techlings module, rulings E8-E15): playing one onto a host, and moving
Ruggedized at the end of its owner's turn.

An attachment is played like any trait (the turn's play, an extra play, "play it at once"),
then its player picks the host (`ATTACH_TO_HOST`): a legal host in their own pile, or in any
pile when the card says so (`Legality.hosts_for`). It lies in the host's pile and belongs to
that pile's owner (E9); `State.attached` / `State.hosts` pair the two, and the moves in
`state.py` carry an attachment wherever its host goes (E10). What it does to its host is read
where the rule applies: protections in `pile_targets` and `discard_from_pile`, Lyonization's
blank wherever a trait's text acts (E11), a new colour in `colors_of` (E12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from doomlings_desktop.rules.decisions import ATTACH_TO_HOST, MOVE_ATTACHMENT
from doomlings_desktop.rules.events import Ruling, Transferred

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


def ask_host(g: Game, p: int, c: int, src: str, quiet: bool = False) -> None:
    """Attachment c (in limbo, played by p from `src`) asks p for its host. With none left
    (nothing in the rules gets here: a play is legal only with a host) it goes back. `src`
    "": played out of turn (Subdermal Plating "at any time", E16), which nothing that follows
    a play follows (E18, R20); its window offered it only with a legal host
    (`Windows.may_react`), and `quiet` when another line tells it."""
    hosts = g.hosts_for(p, c)
    if not hosts:
        if src == "hand":
            g.move(c, "limbo", "hand", q=p)
        else:
            g.move(c, "limbo", "discard")
        g.tell(Ruling, "no_host", c)
        return
    g.ask(p, "card", ATTACH_TO_HOST, hosts, f"{g.db.name(c)}: attach it to which trait?",
          (t_attach_ans, p, c, src, quiet), card=c, zone="pile", subject=c)


def t_attach_ans(g: Game, t: tuple) -> None:
    """The host is chosen: the attachment enters the host's pile on it. What follows a play
    in turn comes next (`flow.t_attached`, put under this decision by the play)."""
    _, p, c, src, quiet = t
    host = g.answer
    q = g.owner_of(host)
    g.attach(q, c, host)
    g.last_colors = g.db.colors[c]
    if g.moves is not None:     # Played.line: "Ann plays Nano, attached to Bob's Antlers."
        g.noted_played(p, c, not src, src=src, into=q, host=host)
        if not (src or quiet):  # "Ann plays ... out of turn, attached to their ..."
            g.told()


# ---------------------------------------------------------------------- Ruggedized (E14)

def movable(g: Game, q: int) -> list[int]:
    """q's attachments that may move to another host in q's pile now (Ruggedized)."""
    pile = g.players[q].pile
    return [m for m in g.db.movers if m in g.attached and m in pile
            and g.hosts_for(q, m, moving=True)]


def t_move_window(g: Game, t: tuple) -> None:
    """The end of q's turn, after stabilizing: q may move each such attachment to another
    legal host in q's pile (E14). Offered as a card choice: the attachment, or pass."""
    _, q, done = t
    for m in movable(g, q):
        if m not in done:
            g.ask(q, "card", MOVE_ATTACHMENT, [m, "pass"],
                  f"{g.db.name(m)}: move it to another trait of your pile?",
                  (t_move_ans, q, done + (m,)), card=m, zone="pile", subject=m)
            return


def t_move_ans(g: Game, t: tuple) -> None:
    _, q, done = t
    g.stack.append((t_move_window, q, done))
    if g.answer == "pass":
        return
    m = g.answer
    g.ask(q, "card", ATTACH_TO_HOST, g.hosts_for(q, m, moving=True),
          f"{g.db.name(m)}: move it to which trait?", (t_move_host, q, m), card=m,
          zone="pile", subject=m)


def t_move_host(g: Game, t: tuple) -> None:
    _, q, m = t
    host = g.answer
    old = g.attached.get(m, -1)
    g.move_attachment(q, m, host)
    g.tell(Transferred, "move_attachment", q, m, q, old, y=host)
