"""What the engine asks: a `Decision`, and the intents that say what a decision is for.

A decider (a bot, the table, the scenario runner) reads `intent` to know what it is answering
("a trait of yours to lose", "the turn's play"); it never looks at the engine's work stack or
its task names, which are free to change. Intents are plain interned strings, so asking costs
no allocation; they are not part of a record (only answers are recorded).
"""

from __future__ import annotations

# The turn's own choices.
TURN_PLAY = "turn_play"                 # play: the trait that is the turn's play
CANNOT_PLAY = "cannot_play"             # no_play: no legal trait: skip, or redraw
EXTRA_PLAY = "extra_play"               # play: another trait (an age's bonus play, a card's)
END_TURN = "end_turn"                   # end_turn: a held seat's pause before stabilizing
STABILIZE = "stabilize"                 # yesno: an age's "stabilize this turn?" (yes: do)
REDRAW_INSTEAD = "redraw_instead"       # yesno: an age's "discard hand, draw 3 instead?"
# Cards in a hand.
DISCARD_HAND_CARD = "discard_hand_card"     # card: discard it (an effect, stabilize, an age)
GIVE_HAND_CARD = "give_hand_card"           # card: give it to another player
REVEAL_HAND_CARD = "reveal_hand_card"       # card: show it to the player who asks
TAKE_REVEALED_CARD = "take_revealed_card"   # card: take a card shown: revealed, or discarded
# Traits in piles.
LOSE_OWN_TRAIT = "lose_own_trait"           # card: one of yours to discard or give away
SWAP_OWN_TRAIT = "swap_own_trait"           # card: one of yours to swap for an opponent's
SWAP_FOR_TRAIT = "swap_for_trait"           # card: the opponent's trait to swap it for
TAKE_OPPONENT_TRAIT = "take_opponent_trait"     # card: an opponent's trait to steal
DISCARD_OPPONENT_TRAIT = "discard_opponent_trait"   # card: a trait of another pile to discard
RETURN_TRAIT = "return_trait"               # card: an opponent's trait back to their hand
USE_TRAIT_ACTION = "use_trait_action"       # card: a trait whose action you play
ATTACH_TO_HOST = "attach_to_host"           # card: the host an attachment goes on (E8)
MOVE_ATTACHMENT = "move_attachment"         # card: an attachment to move (Ruggedized), or pass
# Seats, colors, yes or no.
CHOOSE_RECIPIENT = "choose_recipient"       # player: who gets a card, into whose pile
CHOOSE_OPPONENT = "choose_opponent"         # player: whom an effect acts on with you
CHOOSE_COLOR = "choose_color"               # color: a color named by an effect
SECRET_COLOR = "secret_color"               # color: named unseen by the others (E29); for
                                            # Bioengineered Plague it hits the hand on your left
CONFIRM = "confirm"                         # yesno: a card's "you may ..."
CHOOSE_WORLD_END = "choose_world_end"       # catastrophe: Prepper's World's End effect
# Set-up.
KEEP_MEANING = "keep_meaning"               # card: the Meaning of Life card to keep (E4)
# Out of turn.
OFFER_OUT_OF_TURN = "offer_out_of_turn"     # react: an out-of-turn card you may play, or pass

# Every intent and the decision kind it is asked with (a test holds the engine to it).
INTENTS: dict[str, str] = {
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
    """

    __slots__ = ("player", "kind", "intent", "options", "prompt", "card", "subject", "zone",
                 "sources", "count")

    def __init__(self, player: int, kind: str, intent: str, options: list, prompt: str,
                 card: int = -1, subject: int = -1, zone: str = "",
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

    @property
    def owner(self) -> int:
        """The deciding seat (the same as `player`; named so for readers of intents)."""
        return self.player

    def __repr__(self) -> str:
        return (f"<Decision p{self.player} {self.kind}/{self.intent} {self.options!r} "
                f"{self.prompt!r}>")
