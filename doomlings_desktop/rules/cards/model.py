"""What a card database is: the card facts it knows (colours, icons, reactions, age rules),
`CardDef` (one card), `AttachSpec` (an attachment's effect on its host), `Database` (all cards as
ints and the flat per-card arrays the engine reads) and `CardDatabaseError`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from doomlings_desktop.rules import counters, verbs
from doomlings_desktop.rules.moments import listeners_of

COLORS = ("red", "blue", "green", "purple")
ALL_COLORS = COLORS + ("colorless",)
# The modules whose cards carry an identity icon (egg, dragon, gears) that other cards count
# or target: "1 Dinoling", "each Mythling", "each Techling" (E1).
FAMILIES = ("dinolings", "mythlings", "techlings")
# One bit per colour: a card's colours as a mask, so a round's colour rules test a card in one
# operation whether it has one colour or several (ruling E5).
COLOR_BIT = {c: 1 << i for i, c in enumerate(ALL_COLORS)}
ICONS = ("action", "out_of_turn", "world_end", "drop_of_life")
REACTIONS = ("cancel_action", "parasitic", "late", "self_awareness", "sneaky",
             # the Mythlings' windows (E16, E17): docs/engine.md "Out-of-turn windows"
             "any_time", "cancel_harm", "action_played", "dominant_played", "before_steal",
             "trait_discarded", "self_discarded")
# Where a reaction card goes (`reaction_into`): its player's own pile, an opponent's pile of
# their choice, or the pile of the player whose play or effect opened the window.
REACTION_INTO = ("own", "opponent", "actor")
AGE_RULES = {
    "forbid_color": "color",
    "max_value": "int",
    "ignore_actions": "bool",
    "stabilize_to": "int",
    "may_skip_stabilize": "bool",
    "may_redraw_instead_of_stabilize": "bool",
    "may_discard_before_stabilize": "int",
    "draw_after_stabilize": "int",
    "bonus_play": "bonus",
    "not_last_color": "bool",
    "protect_piles": "bool",
    "reverse_order": "bool",
    "pass_after_stabilize": "bool",
    "reveal_hands": "bool",
}
TRIGGERS = ("turn_start", "own_trait_discarded", "own_green_played")


class CardDatabaseError(Exception):
    """A broken card database: says where, which card and which field."""

    def __init__(self, file: str, line: int | None, card: str | None, field: str | None,
                 message: str) -> None:
        parts = [f"{file}:{line}" if line else file]
        if card:
            parts.append(f"card '{_clip(card, 40)}'")
        if field:
            parts.append(f"field '{_clip(field, 60)}'")
        super().__init__(": ".join(parts) + f": {_clip(message, 160)}")
        self.file, self.line, self.card, self.field = file, line, card, field
        self.module: str | None = None      # the expansion module whose file is at fault


def _clip(s: str, n: int) -> str:
    """s cut to n characters: a message stays one readable line whatever the file holds."""
    s = str(s)
    return s if len(s) <= n else s[:n - 3] + "..."


class CardDef:
    """One card's printed facts and compiled behavior (shared by all its copies)."""

    __slots__ = (
        "id", "name", "kind", "color", "colors", "value", "variable", "dominant", "icons", "copies",
        "text", "gp_self", "gp_all", "requires", "cost", "action", "world_end", "score",
        "reaction", "triggers", "keeps", "fixed", "denial", "has_effect", "uses_handler",
        "setup", "rules", "gene_pool", "each", "once", "we_text", "we_steps", "we_once",
        "we_score", "we_rule", "undeniable", "bots", "module", "bonus", "on_play",
        "reaction_into", "reaction_if", "discard_if_stolen", "back_to_hand", "attach",
        "picture",      # 'game-icons:NAME' (rules/cards/pictures.py) or None: drawn, not played
    )

    def __init__(self, **kw: Any) -> None:
        for name in self.__slots__:
            setattr(self, name, kw.get(name))
        self.module = self.module or ""     # the expansion module it comes from; "" is base
        self.reaction_into = self.reaction_into or "own"

    def __repr__(self) -> str:
        return f"<CardDef {self.id}>"


class AttachSpec:
    """How an attachment (Techlings, E8-E15) is played and what it does to its host: the
    `attach:` key of a trait (docs/card-dsl.md)."""

    __slots__ = ("any_pile", "host", "protects", "blanks", "host_color", "may_move")

    def __init__(self, any_pile: bool, host: tuple, protects: frozenset, blanks: bool,
                 host_color: str | None, may_move: bool) -> None:
        self.any_pile = any_pile        # a host in any player's pile, else the player's own
        self.host = host                # the filter the host must match (non-blue, effectless)
        self.protects = protects        # what cannot happen to the host: steal, swap, discard, all
        self.blanks = blanks            # Lyonization: the host's rules text has no effect (E11)
        self.host_color = host_color    # Cybernetic / Transgenic: the host's one colour (E12)
        self.may_move = may_move        # Ruggedized: may move at the end of its owner's turn

    def __repr__(self) -> str:
        return f"<AttachSpec {'any' if self.any_pile else 'own'} {self.host}>"


class Database:
    """All cards; physical card ints index `cards` and the flat per-card arrays."""

    def __init__(self, defs: list[CardDef], source: str, digest: str,
                 modules: tuple[str, ...] = ()) -> None:
        self.source = source
        self.hash = digest              # of the file's text: what format-1 records named
        self.modules = modules          # the expansion modules whose cards it holds (E1)
        self.path: Path | None = None   # the base file, to load its modules beside it
        self.manifest: dict[str, str] = {}      # module name -> its file, relative to path
        self.behaviour: dict[str, str] = {}     # card id -> digest of its behaviour
        self.defs = {d.id: d for d in defs}
        self.cards: list[CardDef] = []
        self.by_id: dict[str, list[int]] = {}
        for kind in ("trait", "birth", "age", "catastrophe", "meaning"):
            for d in defs:
                if d.kind != kind:
                    continue
                for _ in range(d.copies or 1):
                    self.by_id.setdefault(d.id, []).append(len(self.cards))
                    self.cards.append(d)
        self.traits = [c for c, d in enumerate(self.cards) if d.kind == "trait"]
        self.ages = [c for c, d in enumerate(self.cards) if d.kind == "age"]
        self.catastrophes = [c for c, d in enumerate(self.cards) if d.kind == "catastrophe"]
        # Meaning of Life cards (E4): kept in secret at set-up, scored last; none in the base game
        self.meanings = [c for c, d in enumerate(self.cards) if d.kind == "meaning"]
        births = [c for c, d in enumerate(self.cards) if d.kind == "birth"]
        self.birth = births[0] if births else -1
        # Flat arrays: the hot paths index these instead of following attributes.
        # `color` is a card's first colour (all of it for nearly every card); `colors` all of
        # them: a multi-colour trait is each of its colours (E5). `multi` is empty unless the
        # cards hold one, so single-colour games keep their one-string fast paths.
        self.color = [d.color for d in self.cards]
        self.colors = [d.colors or ((d.color,) if d.color else ()) for d in self.cards]
        self.mask = [sum(COLOR_BIT.get(x, 0) for x in cs) for cs in self.colors]
        self.mask_of = dict(zip(self.colors, self.mask, strict=True))    # colours -> mask
        self.multi = frozenset(c for c, cs in enumerate(self.colors) if len(cs) > 1)
        self.value = [d.value or 0 for d in self.cards]
        self.dominant = [bool(d.dominant) for d in self.cards]
        self.variable = [bool(d.variable) for d in self.cards]
        self.has_action = [bool(d.action) and "action" in (d.icons or ()) for d in self.cards]
        self.has_effect = [bool(d.has_effect) for d in self.cards]
        self.ident = [d.id for d in self.cards]
        self.module = [d.module for d in self.cards]    # "" for the base game (E1 identity)
        self.gp_card = [bool(d.gp_self or d.gp_all) for d in self.cards]
        self.reaction = [d.reaction for d in self.cards]
        self.reacting = frozenset(c for c, k in enumerate(self.reaction) if k)
        self.special = [bool(d.triggers or d.keeps or d.denial) for d in self.cards]
        self.denial = [bool(d.denial) for d in self.cards]
        # Traits that never leave their pile (Fulfilled): no effect may target them.
        self.fixed = [bool(d.fixed) for d in self.cards]
        self.scoring = [bool(d.score) for d in self.cards]
        # Cards whose score terms reach other players' scores (Viral): the only ones a score
        # needs to look for in other piles.
        self.scores_others = [any(t[3] != "self" for t in (d.score or ())) for d in self.cards]
        self.scores_others_ids = frozenset(c for c, x in enumerate(self.scores_others) if x)
        # Whether any score reads the discard pile (Tiny Arms): then the tiebreak's draws put
        # the deck and the discard pile back as they were at the final count.
        self.scores_discard = any(t[0] in counters.READS_DISCARD for d in defs
                                  for t in (d.score or ()) + (d.we_score or ()))
        # Attachments (Techlings, E8): how each is played onto a host (None: not one); the
        # flat arrays a host's effects are read from (all False/None in other games).
        self.attach: list[AttachSpec | None] = [d.attach for d in self.cards]
        self.blanks = [bool(d.attach and d.attach.blanks) for d in self.cards]
        self.host_color = [d.attach.host_color if d.attach else None for d in self.cards]
        self.protects = [d.attach.protects if d.attach else frozenset() for d in self.cards]
        self.movers = tuple(c for c, d in enumerate(self.cards) if d.attach and d.attach.may_move)
        # Cards whose legality depends only on the round's rules (no requirement, cost, dominance,
        # host to find).
        self.plain = [not (d.requires or d.cost or d.dominant or d.attach) for d in self.cards]
        self.turn_start = tuple(c for c, d in enumerate(self.cards)
                                if d.triggers and "turn_start" in d.triggers)
        self.green_triggers = tuple(c for c, d in enumerate(self.cards)
                                    if d.triggers and "own_green_played" in d.triggers)
        # World's End effects that come first in their pile: those that start by naming the
        # card's own colour (Free Will, E6). Empty in the base game.
        self.we_first = frozenset(c for c, d in enumerate(self.cards)
                                  if d.world_end and d.world_end[0].verb.name == "become_color")
        # Out-of-turn cards by the moment they answer: a window looks for these few cards only.
        self.reactors: dict[str, tuple[int, ...]] = {k: () for k in REACTIONS}
        for c, d in enumerate(self.cards):
            if d.reaction:
                self.reactors[d.reaction] = self.reactors.get(d.reaction, ()) + (c,)
        r = self.reactors
        # Actions that can reach another player (Righteous' condition, E17): only worked out
        # when a card can use it.
        self.reaches = ([verbs.reaches_others(d.action or ()) for d in self.cards] if r["cancel_harm"]
                        else [False] * len(self.cards))
        # Cards with a moment of their own when discarded from a hand (Witchy, Zombified) or
        # stolen (Gelatinous): a flag per card, read where such a move happens.
        self.on_hand_discard = [d.reaction == "self_discarded" for d in self.cards]
        # The one dispatch's index (rules/moments.py): for each moment, the listeners of the
        # trigger and reaction kinds these cards use; () for a moment nothing here answers.
        kinds = {d.reaction for d in self.cards if d.reaction}
        kinds.update(k for d in self.cards if d.triggers for k in d.triggers)
        if self.movers:
            kinds.add("may_move")
        self.listeners = listeners_of(kinds)
        # rules/listeners.py needs this module, so it is imported here, late
        from doomlings_desktop.rules.listeners import compose
        self.hear = {m: compose(ls) for m, ls in self.listeners.items()}
        self.discard_if_stolen = [bool(d.discard_if_stolen) for d in self.cards]

    # -- what a saved game needs to know about the cards it was played with

    @property
    def order(self) -> list[str]:
        """The distinct card ids in physical-card order: with a game's seed, the deal."""
        return list(self.by_id)

    def deck(self) -> list[list[str]]:
        """[id, behaviour digest] per card in order: what a record keeps to judge whether a
        saved game can still be replayed here. Names, rules text and comments are not in it."""
        return [[i, self.behaviour.get(i, "")] for i in self.by_id]

    def reordered(self, ids: list[str]) -> Database:
        """These cards alone, in this order: the database a game saved elsewhere was dealt
        from (cards added or moved since then change neither its deal nor its card ints)."""
        db = Database([self.defs[i] for i in ids], self.source, self.hash, self.modules)
        db.behaviour = {i: self.behaviour.get(i, "") for i in ids}
        db.path, db.manifest = self.path, self.manifest
        return db

    def card(self, ident: str) -> int:
        """The first physical copy of a card id."""
        return self.by_id[ident][0]

    def name(self, c: int) -> str:
        return self.cards[c].name
