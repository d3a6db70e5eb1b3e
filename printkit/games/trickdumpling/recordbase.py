"""What Trick Dumpling's records check and can tell, without pydantic: every function pydantic
calls while it validates a record (printkit.games.trickdumpling.record wires them into the
models), the models' mixins, and :func:`record_kind`, which picks the model for a record.

They live apart from the models so that a record can be validated by pydantic-core alone,
running the models' core schema with plain classes (issue 16): everything that schema calls
must be importable without pydantic. This module must import no pydantic, directly or not.
Error messages are the records' own (docs/records.md): tests compare them byte for byte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.games.trickdumpling.content import CONTENT, Card, CardError, parse_card

if TYPE_CHECKING:
    from printkit.games.trickdumpling.record import Deal, GameRecord, RoundIn, TrickRecord

#: The Dumpling Master's seat name in a 2-player game (TD-11).
MASTER = "Master"
#: The cook boards' ids (TD-12), the values a record's ``cooks`` may hold.
COOKS = tuple(c["id"] for c in CONTENT.cooks)


# -- the record's fields ----------------------------------------------------------------------

def card(v: Any) -> Card:
    """A card field (before validation): a Card, or its notation (TD-2)."""
    if isinstance(v, Card):
        return v
    try:
        return parse_card(str(v))
    except CardError as e:
        raise ValueError(str(e)) from None


def suit(v: Any) -> str:
    """A suit field (before validation): a suit's id or letter, as the id."""
    try:
        return CONTENT.suit(str(v)).id
    except StopIteration:
        raise ValueError(f"unknown suit {v!r}; suits are {', '.join(CONTENT.suit_ids)} "
                         f"(or their letters K, C, S, U)") from None


def rank(cls: type, v: list[str]) -> list[str]:
    """The popularity rank (TD-3): each suit once (a field validator of ``rank``)."""
    if sorted(v) != sorted(CONTENT.suit_ids):
        got = ", ".join(map(str, v)) or "none"
        raise ValueError(f"the popularity rank lists each of the four suits once, most popular first; got {got}")
    return v


def unique_players(cls: type, v: list[str]) -> list[str]:
    """A game's players (a field validator of ``players``): names differ, and none is the
    Master's, which the 2-player game gives the Dumpling Master (TD-11)."""
    if len(set(v)) != len(v):
        raise ValueError("player names must differ")
    if MASTER in v:
        raise ValueError(f"{MASTER!r} is the Dumpling Master's name in a 2-player game")
    return v


# -- the record's cross-checks (model validators, after) --------------------------------------

def _no_repeats(cards: list[Card], what: str) -> None:
    seen = set()
    for c in cards:
        if c.code in seen:
            raise ValueError(f"{c.code} {what}")
        seen.add(c.code)


def _hands_apart(hands: dict[str, list[Card]]) -> None:
    owner: dict[str, str] = {}
    for who, cards in hands.items():
        for c in cards:
            if c.code in owner:
                raise ValueError(f"{c.code} is dealt to {owner[c.code]} and to {who}: there is one of each card")
            owner[c.code] = who


def trick_cards_once(self: TrickRecord) -> TrickRecord:
    """A trick record: no card played twice, none in two hands (there is one of each card)."""
    _no_repeats([p.card for p in self.plays], "is played twice")
    if self.hands:
        _hands_apart(self.hands)
    return self


def deal_hands_apart(self: Deal) -> Deal:
    """A deal: no card in two hands."""
    _hands_apart(self.hands)
    return self


def round_cards_once(self: RoundIn) -> RoundIn:
    """A round: no card played twice in its tricks."""
    _no_repeats([p.card for t in self.tricks for p in t.plays], "is played twice in the round")
    return self


def names_at_table(self: GameRecord) -> GameRecord:
    """A game record: the cooks go to players, and every name in a round sits at the table."""
    seats = set(self.seats)
    for who in self.cooks:
        if who not in self.players:
            raise ValueError(f"cooks: {who!r} is not a player")
    for i, r in enumerate(self.rounds):
        named = [r.chef, *r.missions, *r.hands] + [p.player for t in r.tricks for p in t.plays]
        for who in named:
            if who not in seats:
                raise ValueError(f"rounds[{i}]: {who!r} is not at the table ({', '.join(self.seats)})")
    return self


# -- which model a record is ------------------------------------------------------------------

def record_kind(data: Any) -> str:
    """The name of the record model ``data`` is for: "GameRecord" (it has ``rounds``) or
    "TrickRecord" (it has ``plays``); a ValueError for neither."""
    if isinstance(data, dict) and "rounds" in data:
        return "GameRecord"
    if isinstance(data, dict) and "plays" in data:
        return "TrickRecord"
    raise ValueError("expected a trick record (with 'rank' and 'plays') or a game record "
                     "(with 'players' and 'rounds')")


# -- the models' mixins (the State tells moves and records apart by these) --------------------

class PlayInBase:
    """A card played (:class:`~printkit.games.trickdumpling.record.PlayIn`)."""

    __slots__ = ()


class DealBase:
    """A round's deal (:class:`~printkit.games.trickdumpling.record.Deal`), and a record's round."""

    __slots__ = ()


class RoundInBase(DealBase):
    """A record's round (:class:`~printkit.games.trickdumpling.record.RoundIn`): a deal and its
    tricks."""

    __slots__ = ()


class TrickRecordBase:
    """A single-trick record (:class:`~printkit.games.trickdumpling.record.TrickRecord`)."""

    __slots__ = ()


class GameRecordBase:
    """A whole game's record (:class:`~printkit.games.trickdumpling.record.GameRecord`)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the attribute the model (or a plain object) gives
        players: list[str]

    @property
    def seats(self) -> list[str]:
        """Everyone who holds cards: with 2 players, the Dumpling Master too (TD-11)."""
        return self.players + ([MASTER] if len(self.players) == 2 else [])
