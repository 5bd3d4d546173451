"""What the engine asks: a `Decision`, and the intents that say what a decision is for.

A decider (a bot, the table, the scenario runner) reads `intent` to know what it is answering
("a trait of yours to lose", "the turn's play"); it never looks at the engine's work stack or
its task names, which are free to change. Intents are plain interned strings, so asking costs
no allocation; they are not part of a record (only answers are recorded). They are typed
(`Intent`, `Kind`, `Zone`: Literal types a type checker holds every `ask` to), and a test keeps
the Literals and the constants the same set.
"""

from __future__ import annotations

from typing import Final, Literal

# The form of an answer (`Decision.kind`).
Kind = Literal["play", "no_play", "card", "player", "color", "yesno", "react", "catastrophe",
               "end_turn"]
# Where the offered cards are (`Decision.zone`); "" when the options are not cards.
Zone = Literal["", "hand", "pile", "discard", "revealed", "meaning"]
# What a decision is for (`Decision.intent`): the constants below, one each.
Intent = Literal["turn_play", "cannot_play", "extra_play", "end_turn", "stabilize",
                 "redraw_instead", "discard_hand_card", "give_hand_card", "reveal_hand_card",
                 "take_revealed_card", "lose_own_trait", "swap_own_trait", "swap_for_trait",
                 "take_opponent_trait", "discard_opponent_trait", "return_trait",
                 "use_trait_action", "attach_to_host", "move_attachment", "choose_recipient",
                 "choose_opponent", "choose_color", "secret_color", "confirm",
                 "choose_world_end", "keep_meaning", "offer_out_of_turn"]

# The turn's own choices.
TURN_PLAY: Final = "turn_play"                 # play: the trait that is the turn's play
CANNOT_PLAY: Final = "cannot_play"             # no_play: no legal trait: skip, or redraw
EXTRA_PLAY: Final = "extra_play"               # play: another trait (an age's bonus play, a card's)
END_TURN: Final = "end_turn"                   # end_turn: a held seat's pause before stabilizing
STABILIZE: Final = "stabilize"                 # yesno: an age's "stabilize this turn?" (yes: do)
REDRAW_INSTEAD: Final = "redraw_instead"       # yesno: an age's "discard hand, draw 3 instead?"
# Cards in a hand.
DISCARD_HAND_CARD: Final = "discard_hand_card"     # card: discard it (an effect, stabilize, an age)
GIVE_HAND_CARD: Final = "give_hand_card"           # card: give it to another player
REVEAL_HAND_CARD: Final = "reveal_hand_card"       # card: show it to the player who asks
TAKE_REVEALED_CARD: Final = "take_revealed_card"   # card: take a card shown: revealed, or discarded
# Traits in piles.
LOSE_OWN_TRAIT: Final = "lose_own_trait"           # card: one of yours to discard or give away
SWAP_OWN_TRAIT: Final = "swap_own_trait"           # card: one of yours to swap for an opponent's
SWAP_FOR_TRAIT: Final = "swap_for_trait"           # card: the opponent's trait to swap it for
TAKE_OPPONENT_TRAIT: Final = "take_opponent_trait"     # card: an opponent's trait to steal
DISCARD_OPPONENT_TRAIT: Final = "discard_opponent_trait"  # card: a trait of another pile to discard
RETURN_TRAIT: Final = "return_trait"               # card: an opponent's trait back to their hand
USE_TRAIT_ACTION: Final = "use_trait_action"       # card: a trait whose action you play
ATTACH_TO_HOST: Final = "attach_to_host"           # card: the host an attachment goes on (E8)
MOVE_ATTACHMENT: Final = "move_attachment"       # card: an attachment to move (Ruggedized), or pass
# Seats, colors, yes or no.
CHOOSE_RECIPIENT: Final = "choose_recipient"       # player: who gets a card, into whose pile
CHOOSE_OPPONENT: Final = "choose_opponent"         # player: whom an effect acts on with you
CHOOSE_COLOR: Final = "choose_color"               # color: a color named by an effect
SECRET_COLOR: Final = "secret_color"               # color: named unseen by the others (E29); for
                                            # Bioengineered Plague it hits the hand on your left
CONFIRM: Final = "confirm"                         # yesno: a card's "you may ..."
CHOOSE_WORLD_END: Final = "choose_world_end"       # catastrophe: Prepper's World's End effect
# Set-up.
KEEP_MEANING: Final = "keep_meaning"               # card: the Meaning of Life card to keep (E4)
# Out of turn.
OFFER_OUT_OF_TURN: Final = "offer_out_of_turn"    # react: an out-of-turn card you may play, or pass

# Every intent and the decision kind it is asked with (a test holds the engine to it).
INTENTS: dict[Intent, Kind] = {
    TURN_PLAY: "play", CANNOT_PLAY: "no_play", EXTRA_PLAY: "play", END_TURN: "end_turn",
    STABILIZE: "yesno", REDRAW_INSTEAD: "yesno",
    DISCARD_HAND_CARD: "card", GIVE_HAND_CARD: "card", REVEAL_HAND_CARD: "card",
    TAKE_REVEALED_CARD: "card", LOSE_OWN_TRAIT: "card", SWAP_OWN_TRAIT: "card",
    SWAP_FOR_TRAIT: "card", TAKE_OPPONENT_TRAIT: "card", DISCARD_OPPONENT_TRAIT: "card",
    RETURN_TRAIT: "card", USE_TRAIT_ACTION: "card", ATTACH_TO_HOST: "card",
    MOVE_ATTACHMENT: "card",
    CHOOSE_RECIPIENT: "player", CHOOSE_OPPONENT: "player", CHOOSE_COLOR: "color",
    SECRET_COLOR: "color",
    CONFIRM: "yesno", CHOOSE_WORLD_END: "catastrophe", OFFER_OUT_OF_TURN: "react",
    KEEP_MEANING: "card",
}
TURN_OPENING = frozenset({TURN_PLAY, CANNOT_PLAY})   # the decisions that open a turn


class IllegalAnswer(Exception):
    """An answer that is not among the pending decision's legal answers; nothing changed."""


class Decision:
    """What the engine waits for: who decides, what for, and the legal answers.

    kind: the form of the answer: play (a trait from hand), no_play (skip/redraw), card,
    player, color, yesno, react (an out-of-turn card or 'pass'), catastrophe (Prepper),
    end_turn (a held seat's pause: only 'end', not recorded).
    `intent`: what the decision is for (the constants above); `subject`: the card it is
    about when there is one (the trait to give away, the trait just played that a window
    offers to steal), else -1; `card`: the card whose effect asks (-1 for the rules' own).
    `zone` says where the offered cards are: hand, pile, discard, revealed or meaning (the
    two Meaning of Life cards dealt at set-up, seen only by their player).
    `sources`, for cards revealed from several hands, is the seat each option came from
    (public: everyone saw who revealed what), so a table can say whose card is whose.
    `count`, above 1, says this is the first of up to that many picks of the same kind
    asked one after another ("discard 2 cards"): a table may let the player choose them all
    and then answer them in turn. With 'pass' among the options the sequence may stop early.
    `Game.ask_picks` asks such a decision.
    `blind` marks one of a set asked of several players in turn, none seeing what the others
    answer until all have (E29's simultaneous choices, the Meaning of Life kept at set-up,
    E4): the order they are asked in changes nothing, so a table may ask them in another
    (play/ahead.py). Not part of a record.
    """

    __slots__ = ("player", "kind", "intent", "options", "prompt", "card", "subject", "zone",
                 "sources", "count", "blind")

    def __init__(self, player: int, kind: Kind, intent: Intent, options: list, prompt: str,
                 card: int = -1, subject: int = -1, zone: Zone = "",
                 sources: tuple | None = None) -> None:
        self.player = player
        self.kind = kind
        self.intent = intent
        self.options = options
        self.prompt = prompt
        self.card = card
        self.subject = subject
        self.zone = zone
        self.sources = sources
        self.count = 1
        self.blind = False

    @property
    def owner(self) -> int:
        """The deciding seat (the same as `player`; named so for readers of intents)."""
        return self.player

    def __repr__(self) -> str:
        return (f"<Decision p{self.player} {self.kind}/{self.intent} {self.options!r} "
                f"{self.prompt!r}>")
