"""The flow of a game: rounds, turns, the play of a trait, stabilizing, catastrophes, World's End.

Each task is `(function, *args)` on the game's work stack; a function reads `g.answer` when it
follows a decision. The order of a turn (R8): the turn's play (its cost, the trait entering
the pile, its windows and action), an age's bonus play, a held seat's pause, stabilizing, Late.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from doomlings_desktop.rules.decisions import (
    CANNOT_PLAY,
    CHOOSE_RECIPIENT,
    CONFIRM,
    DISCARD_HAND_CARD,
    END_TURN,
    EXTRA_PLAY,
    LOSE_OWN_TRAIT,
    REDRAW_INSTEAD,
    STABILIZE,
    TURN_PLAY,
)
from doomlings_desktop.rules.events import Ruling, Transferred, TurnPassed
from doomlings_desktop.rules.scoring import t_score
from doomlings_desktop.rules.state import KEEP_WORLD_END
from doomlings_desktop.rules.verbs import Ctx, _trait_words, t_effect
from doomlings_desktop.rules.verbs.piles import t_give_trait_to
from doomlings_desktop.rules.windows import t_resolve

if TYPE_CHECKING:
    from doomlings_desktop.rules.engine import Game


def _push_turns(g: Game) -> None:
    order = g.order_from(g.first)
    if g.rules.get("reverse_order"):
        order = order[::-1]
    g.stack.append((t_round_end,))
    for p in reversed(order):
        g.stack.append((t_turn, p))


def t_round(g: Game, t: tuple) -> None:
    """Reveal the next age card and set up the round (R3, R4)."""
    if not g.age_deck:
        g.tell(Ruling, "no_ages")
        g.stack.append((t_final_score,))
        return
    a = g.move_top("age_deck", "era")      # revealed: it joins the current era
    g.shown = True
    g.known_age.clear()
    if g.known_below:   # Neural Link saw two ages: the second is now the top one
        top = g.age_deck[-1] if g.age_deck else -1
        for q, c in g.known_below.items():
            if c == top:
                g.known_age[q] = c
        g.known_below.clear()
    d = g.db.cards[a]
    if d.kind == "catastrophe":
        reveal_catastrophe(g, a, third=len(g.catastrophes) >= 2)
        return
    g.age = a
    g.rules = d.rules
    if g.moves is not None:
        g.noted_age(said=True)      # AgeBegun.line: "Age: ...", the age's text
    _push_turns(g)
    if d.once:      # a one-time part done once for all players (Badlands), after `setup`
        affected = {"affected": tuple(g.order_from(g.first))}
        g.stack.append((t_effect, Ctx(g.first, a, d.once, affected)))
    if d.setup:
        for p in reversed(g.order_from(g.first)):
            g.stack.append((t_effect, Ctx(p, a, d.setup)))


def _end_of_turn(g: Game, nxt: tuple) -> bool:
    """Run the last turn's end-of-turn window before `nxt`, if anyone could use it.

    The window is not pushed with every turn: it is opened here, by the task that follows a
    turn (the next turn or the round's end), which saves a task in every turn of every game."""
    q = g.turn_end
    g.turn_end = -1
    if g.moves is not None:
        g.noted_turn_over(q)
    hear = g.db.hear["turn_ended"]     # Self-Awareness, Ruggedized... come first
    if hear is not None:
        n = len(g.stack)
        if hear(g, q):
            g.stack.insert(n, nxt)
            return True
    return False


def t_round_end(g: Game, t: tuple) -> None:
    if g.turn_end >= 0 and _end_of_turn(g, t):
        return
    g.last_colors = ()
    if g.moves is not None:
        g.noted_round_end()
    g.skip_round = False
    g.stack.append((t_round,))


def reveal_catastrophe(g: Game, c: int, third: bool) -> None:
    """R4: first player passes left, gene pools change, catastrophic effects, then turns or R5.
    Catastrophe c has just joined the current era (`move_top`); it closes it."""
    db = g.db
    d = db.cards[c]
    g.close_era(c)
    g.age = c
    g.rules = {}
    g.first = (g.first + 1) % g.n
    if g.moves is not None:
        g.noted_age()
        g.noted_first(c)      # and its line, FirstPlayer.line: "Catastrophe: ...!"
    denied = set()
    for p in range(g.n):
        pl = g.players[p]
        if pl.denial_spent:
            continue
        if any(db.denial[x] and not g.blanked(x) for x in pl.pile) if g.hosts \
                else any(map(db.denial.__getitem__, pl.pile)):
            pl.denial_spent = True
            if not d.undeniable:     # The Four Horsemen: Denial is spent, but it strikes
                denied.add(p)
                g.tell(Ruling, "denial", c, p)
    g.denied = frozenset(denied)
    order = g.order_from(g.first)
    for p in order:
        if p not in denied and d.gene_pool:
            g.change_gp(p, d.gene_pool, c)
    if third:
        g.final_catastrophe = c
        g.stack.append((t_world_end,))
    elif g.variants.get("catastrophe_ends_round"):
        g.stack.append((t_round_end,))
    else:
        _push_turns(g)
    for p in reversed(order):
        if p not in denied and d.each:
            g.stack.append((t_effect, Ctx(p, c, d.each)))
    if d.once:
        affected = {"affected": tuple(p for p in order if p not in denied)}
        g.stack.append((t_effect, Ctx(g.first, c, d.once, affected)))


def t_turn(g: Game, t: tuple) -> None:
    if g.turn_end >= 0 and _end_of_turn(g, t):
        return
    p = t[1]
    if g.skip_round or g.over:
        g.noted_skip(p)
        return
    g.current = p
    g.turn_plays = []
    g.bonus_used = False
    g.turn_end = p
    if g.moves is not None:
        g.noted_turn(p)
    hear = g.db.hear["turn_started"]   # the turn-start triggers (Prepper) come first
    if hear is not None:
        n = len(g.stack)
        if hear(g, p):
            g.stack.insert(n, (t_turn_main, p))
            return
    t_turn_main(g, t)


def t_turn_main(g: Game, t: tuple) -> None:
    p = t[1]
    pl = g.players[p]
    if not pl.hand:
        g.tell(TurnPassed, p, "empty_hand")
        g.draw(p, 5)
        return
    legal = g.legal_plays(p)
    if not legal:
        g.ask(p, "no_play", CANNOT_PLAY, ["skip", "redraw"],
              "You cannot play any trait: skip, or discard your hand and draw 3",
              (t_no_play, p))
        return
    g.ask(p, "play", TURN_PLAY, legal, "Play a trait", (t_turn_play, p), zone="hand")


def _redraw(g: Game, p: int, how: Literal["redraw", "redraw_instead"]) -> None:
    """Discard the whole hand and draw 3 (no legal play, or an age's offer instead of
    stabilizing: `how`)."""
    pl = g.players[p]
    g.tell(TurnPassed, p, how)
    hand = pl.hand[:]
    for c in hand:
        g.move(c, "hand", "discard", p)
    react = g.db.on_hand_discard
    for c in reversed(hand):
        if react[c]:    # Witchy, Zombified (E17): each may be played instead
            g.announce("hand_discarded", p, c)
    g.draw(p, 3)


def t_no_play(g: Game, t: tuple) -> None:
    p = t[1]
    if g.answer == "redraw":
        _redraw(g, p, "redraw")
    else:
        g.tell(TurnPassed, p, "cannot_play")


def t_turn_play(g: Game, t: tuple) -> None:
    p = t[1]
    g.stack.append((t_after_play, p))
    g.play_from_hand(p, g.answer)


def t_pay_cost(g: Game, t: tuple) -> None:
    """Pay card c's cost as it is played (R7): `left` more traits to give or discard, each a
    different one (Endurance may be picked and stays, so it pays once); a cost `from:
    hand_or_pile` first asks where from when both hold a matching card (Terror Beak)."""
    _, p, c, cost, left, paid = t
    flt, src = cost[1], cost[3]
    options = [x for x in g.cost_targets(p, cost, c) if x not in paid]
    if left <= 0 or not options:
        return
    if src != "pile":
        hand = g.players[p].hand
        mine = [x for x in options if x in hand]
        if mine and len(mine) < len(options):
            g.ask(p, "yesno", CONFIRM, ["yes", "no"],
                  f"{g.db.name(c)}: discard {_trait_words(flt)} from your hand? (No: from your "
                  "pile)", (t_pay_from, p, c, cost, left, paid), card=c)
            return
    _pay_pick(g, p, c, cost, left, paid, options)


def _pay_pick(g: Game, p: int, c: int, cost: tuple, left: int, paid: tuple,
              options: list[int]) -> None:
    op = cost[0]
    cont = (t_pay_cost_ans, p, c, cost, left, paid)
    if options[0] in g.players[p].hand:
        g.ask_picks(1, p, "card", DISCARD_HAND_CARD, options,
                    f"{g.db.name(c)}: discard {_trait_words(cost[1])} from your hand", cont,
                    card=c, zone="hand")
        return
    verb = "give to an opponent" if op == "give_trait" else "discard"
    more = f" ({left} left)" if cost[2] > 1 else ""
    g.ask_picks(min(left, len(options)), p, "card", LOSE_OWN_TRAIT, options,
                f"{g.db.name(c)}: choose a trait to {verb}{more}", cont, card=c, zone="pile")


def t_pay_from(g: Game, t: tuple) -> None:
    _, p, c, cost, left, paid = t
    hand = g.players[p].hand
    options = [x for x in g.cost_targets(p, cost, c)
               if x not in paid and (x in hand) == (g.answer == "yes")]
    _pay_pick(g, p, c, cost, left, paid, options)


def t_pay_cost_ans(g: Game, t: tuple) -> None:
    _, p, c, cost, left, paid = t
    x = g.answer
    if left > 1:
        g.stack.append((t_pay_cost, p, c, cost, left - 1, paid + (x,)))
    if cost[0] == "discard_trait":
        if x in g.players[p].hand:
            g.discard_from_hand(p, x)
        else:
            g.discard_from_pile(p, x)
        return
    opps = g.opponents(p)
    g.ask(p, "player", CHOOSE_RECIPIENT, opps, f"{g.db.name(c)}: who gets {g.db.name(x)}?",
          (t_give_trait_to, p, x), card=c, subject=x)


def t_enter(g: Game, t: tuple) -> None:
    """A trait enters its player's pile, then its on-play windows and action run."""
    _, p, c, src, resolve, allow_third = t
    db = g.db
    if db.dominant[c] and not allow_third and g.dominants(p) >= 2:
        g.move(c, "limbo", "discard")
        g.tell(Ruling, "third_dominant", c, p)
        return
    g.move(c, "limbo", "pile", -1, p)
    g.last_colors = db.colors[c]
    if g.moves is not None:     # Played.line: "Ann plays Antlers from the discard pile."
        g.noted_played(p, c, src=src)
    after_entering(g, p, c, src, resolve)


def t_attached(g: Game, t: tuple) -> None:
    """What follows an attachment's play once it lies on its host, as after any trait's
    (E8): its action or Electromagnetic's effect, Orcish Tusks' window for a dominant
    (Ruggedized), green triggers. Parasitic is not offered: an attachment is never a target
    on its own (E10)."""
    _, p, c, src, resolve = t
    if c in g.attached:
        after_entering(g, p, c, src, resolve)


def after_entering(g: Game, p: int, c: int, src: str, resolve: bool) -> None:
    """What follows a trait's entering a pile from `src`: from a hand, the turn's plays, its
    action (after the "action_coming" moment: Effigial's window) or effect, Legendary's, then
    the "trait_played" moment (Orcish Tusks', Parasitic's windows, green triggers); from
    elsewhere only its action."""
    db = g.db
    d = db.cards[c]
    if src != "hand":
        if resolve and db.has_action[c]:
            g.resolve_action(p, c)
        return
    if p == g.current:
        g.turn_plays.append(c)
    if d.action and resolve:
        if not db.has_action[c]:   # no action icon (Vampirism, Optimistic Nihilism): happens,
            g.stack.append((t_effect, Ctx(p, c, d.action)))     # cannot be stopped
        else:
            n = len(g.stack)
            if db.hear["action_coming"] is not None and not g.rules.get("ignore_actions") \
                    and g.announce("action_coming", p, c):
                g.stack.insert(n, (t_resolve, p, c))   # Effigial's moment comes first (E17)
            else:
                g.resolve_action(p, c)
    if d.on_play:   # not an action (Legendary, E26): whenever played from a hand, unstoppable
        g.stack.append((t_effect, Ctx(p, c, d.on_play)))
    hear = db.hear["trait_played"]     # Parasitic, Orcish Tusks, Self-Replicating...
    if hear is not None:
        hear(g, p, c)


def t_after_play(g: Game, t: tuple) -> None:
    """After the turn's play: an age's bonus play, the held seat's pause, then the stabilize
    phase."""
    p = t[1]
    held = g.hold and g.hold >> p & 1
    if not g.rules and g.no_stabilize != p and not held:
        _stabilize_then_late(g, p)    # the plain case, done inline
        return
    g.stack.append((t_stabilize_phase, p))
    if held:
        g.stack.append((t_hold, p))   # below the bonus play: the pause follows the last play
    bonus = g.rules.get("bonus_play")
    if not bonus or g.bonus_used or not g.turn_plays:
        return
    after, flt = bonus
    if not g.matches(p, g.turn_plays[0], after):
        return
    g.bonus_used = True
    options = [c for c in g.legal_plays(p) if g.matches(p, c, flt)]
    if options:
        g.ask(p, "play", EXTRA_PLAY, options + ["pass"],
              f"{g.db.name(g.age)}: you may play another such trait",
              (t_bonus_play, p), zone="hand")


def t_hold(g: Game, t: tuple) -> None:
    """A held seat's pause between its turn's plays and the stabilize phase: nothing is drawn
    until the player ends the turn, so Undo can still take the play back. It is no move of
    the game: its answer is not recorded (a record replays the same with or without holds),
    and `apply` skips it when the play already revealed something (nothing to take back)."""
    p = t[1]
    if g.hold >> p & 1 and not g.over:     # a sampled world for a bot has no holds
        g.ask(p, "end_turn", END_TURN, ["end"], "End your turn (Undo takes back your play)",
              (t_hold_ans,))


def t_hold_ans(g: Game, t: tuple) -> None:
    g.answers.pop()       # apply() appended the pause's "end": the record never holds it


def _stabilize_then_late(g: Game, p: int) -> None:
    """Stabilize now (any discards are queued), then Late's moment: Late may just have been
    drawn. Discarding cannot bring Late into the hand, so if it is not there after the draw,
    no window is needed. The common turn's end, done without tasks where it can be."""
    n = len(g.stack)
    g.stabilize(p)
    hear = g.db.hear["stabilized"]     # Late, below the stabilizing discards
    if hear is not None:
        hear(g, p, -1, n)


def t_bonus_play(g: Game, t: tuple) -> None:
    if g.answer != "pass":
        g.play_from_hand(t[1], g.answer)


def t_stabilize_phase(g: Game, t: tuple) -> None:
    p = t[1]
    if g.no_stabilize == p:
        g.no_stabilize = -1
        return
    rules = g.rules
    if not (rules.get("may_skip_stabilize") or rules.get("may_redraw_instead_of_stabilize")
            or rules.get("may_discard_before_stabilize") or rules.get("draw_after_stabilize")
            or rules.get("pass_after_stabilize")):
        _stabilize_then_late(g, p)    # a round whose rules leave stabilizing alone
        return
    g.stack.append((t_after_stabilize, p))
    if rules.get("may_skip_stabilize"):
        g.ask(p, "yesno", STABILIZE, ["yes", "no"], f"{g.db.name(g.age)}: stabilize this turn?",
              (t_stab_choice, p))
        return
    if rules.get("may_redraw_instead_of_stabilize"):
        g.ask(p, "yesno", REDRAW_INSTEAD, ["yes", "no"],
              f"{g.db.name(g.age)}: discard your hand and draw 3 instead of stabilizing?",
              (t_nietzsche, p))
        return
    g.stack.append((t_stab_choice, p, "yes"))
    n = rules.get("may_discard_before_stabilize")
    if n:
        g.stack.append((t_enlighten, p, n))


def t_enlighten(g: Game, t: tuple) -> None:
    _, p, left = t
    hand = g.players[p].hand
    if left <= 0 or not hand:
        return
    g.ask_picks(min(left, len(hand)), p, "card", DISCARD_HAND_CARD, hand[:] + ["pass"],
                f"{g.db.name(g.age)}: you may discard a card before stabilizing ({left} left)",
                (t_enlighten_ans, p, left), zone="hand")


def t_enlighten_ans(g: Game, t: tuple) -> None:
    _, p, left = t
    if g.answer != "pass":
        g.discard_from_hand(p, g.answer)
        g.stack.append((t_enlighten, p, left - 1))


def t_nietzsche(g: Game, t: tuple) -> None:
    p = t[1]
    if g.answer == "yes":
        _redraw(g, p, "redraw_instead")
    else:
        g.stabilize(p)


def t_stab_choice(g: Game, t: tuple) -> None:
    p = t[1]
    ans = t[2] if len(t) > 2 else g.answer
    if ans == "yes":
        g.stabilize(p)
    else:
        g.tell(TurnPassed, p, "no_stabilize")


def t_stab_discard(g: Game, t: tuple) -> None:
    _, p, target = t
    hand = g.players[p].hand
    if len(hand) <= target:
        return
    k = len(hand) - target
    # how many and why, counted: "discard 1 more" read as "more than what?" to a new player
    to = f"your gene pool of {target}" if target == g.players[p].gp else f"{target} this round"
    g.ask_picks(k, p, "card", DISCARD_HAND_CARD, hand[:],
                f"Stabilize: discard {k} card{'s' if k != 1 else ''}, down to {to} "
                f"(you hold {len(hand)})", (t_stab_discard_ans, p, target), zone="hand")


def t_stab_discard_ans(g: Game, t: tuple) -> None:
    _, p, target = t
    g.discard_from_hand(p, g.answer)
    g.stack.append((t_stab_discard, p, target))


def t_after_stabilize(g: Game, t: tuple) -> None:
    p = t[1]
    n = g.rules.get("draw_after_stabilize")
    if n:
        g.draw(p, n)
    if g.rules.get("pass_after_stabilize"):
        _pass_random_card(g, p)
    g.announce("stabilized", p, -1, len(g.stack))


def _pass_random_card(g: Game, p: int) -> None:
    """Ozmorian Winds (E23, E30): right after p stabilized at the end of their own turn, a
    card of p's hand picked at random goes to the next seat in turn order (before Late's
    moment: a Late passed away is no longer p's to play)."""
    hand = g.players[p].hand
    if not hand:
        return
    c = hand[g.rng.below(len(hand))]
    q = (p + 1) % g.n
    g.move(c, "hand", "hand", p, q)
    g.shown = True
    g.tell(Transferred, "pass", p, c, q, seen=(p, q))


# ---------------------------------------------------------------------- World's End

def _paused_before_end(g: Game, t: tuple) -> bool:
    """With the KEEP_WORLD_END hold bit (a measuring clone, never a played game), stop once
    before `t` runs: the position just before the end brings hidden cards to light. Its
    pause is no move (like a held seat's: t_hold_ans drops its answer)."""
    if not g.hold & KEEP_WORLD_END:
        return False
    g.hold &= ~KEEP_WORLD_END
    g.stack.append(t)
    g.ask(g.first, "end_turn", END_TURN, ["end"], "The world is about to end", (t_hold_ans,))
    return True


def t_final_score(g: Game, t: tuple) -> None:
    """The final count (scoring.t_score), unless a measure holds the game before it."""
    if not _paused_before_end(g, t):
        t_score(g, t)


def t_world_end(g: Game, t: tuple) -> None:
    """R5: trait World's End effects in turn order, then the catastrophe's, then scoring."""
    if _paused_before_end(g, t):
        return
    g.world_end = True
    g.noted_world_end()
    g.skip_round = True
    g.stack.append((t_final_score,))
    g.stack.append((t_we_catastrophe,))
    for p in reversed(g.order_from(g.first)):
        g.stack.append((t_we_player, p))


def t_we_player(g: Game, t: tuple) -> None:
    """R5 step 2 for one player: Sneaky's moment and the "at any time" cards' (E16), then
    each World's End trait of the pile."""
    p = t[1]
    g.stack.append((t_we_next, p, ()))
    g.announce("world_end_turn", p)     # Sneaky, the "at any time" cards (E16)


def t_we_next(g: Game, t: tuple) -> None:
    """The next unresolved World's End trait in p's pile, in play order; a trait that enters
    the pile meanwhile (Eloquence, Regenerative Tissue) is resolved too."""
    _, p, done = t
    db = g.db
    cards = db.cards
    pile = g.players[p].pile
    if db.we_first:     # Free Will names its colour before the pile's other effects (E6)
        pile = [c for c in pile if c in db.we_first] + [c for c in pile if c not in db.we_first]
    for c in pile:
        if cards[c].world_end and c not in done and not (g.hosts and g.blanked(c)):
            g.stack.append((t_we_next, p, done + (c,)))
            g.noted_we_effect(p, c)
            g.stack.append((t_effect, Ctx(p, c, cards[c].world_end)))
            return


def t_we_catastrophe(g: Game, t: tuple) -> None:
    c = g.we_catastrophe()
    d = g.db.cards[c]
    g.noted_we_effect(-1, c)
    exempt = g.we_exempt()
    order = [p for p in g.order_from(g.first) if p not in exempt]
    if d.we_once:
        g.stack.append((t_effect, Ctx(g.first, c, d.we_once, {"affected": tuple(order)})))
    for p in reversed(order):
        if d.we_steps:
            g.stack.append((t_effect, Ctx(p, c, d.we_steps)))
