"""Trick Dumpling at the table (``printkit serve``): the game's :class:`Scorekeeper`.

A table is its setup (the players in seating order and, for the cook variation, who holds which
cook board) and its moves, each one entry of the record (docs/records.md):

- ``{"deal": {"chef": ..., "rank": [...], "missions": {...}, "hands": {...}}}`` starts a round
  (the record's round without its tricks; with 2 players the Master's hand is its stack, top
  card first, TD-11);
- ``{"play": {"player": ..., "card": ..., "declare": "no-way" | "accept", "slack": true}}`` is a
  card played (``declare`` and ``slack`` only where they apply: TD-7, TD-12).

:func:`records` writes them as one game record, grouping the cards into tricks as the State
does (a trick ends when every seat has played or a player plays a second card), so the
document scores exactly as the table played (the State ignores the grouping: only the record's
line numbers depend on it). :func:`view` tells the page what is legal now, from the State's own
``legal_moves`` (TD-5, TD-7, TD-11, TD-12, TD-15), never from a second copy of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from printkit.core.game import GameState
from printkit.core.records import distinct_names
from printkit.core.table import MoveRefused, Scorekeeper
from printkit.games.trickdumpling.content import CONTENT, CardError, parse_card
from printkit.games.trickdumpling.record import COOKS, MASTER, CookId, GameRecord
from printkit.games.trickdumpling.scorer import GAME
from printkit.games.trickdumpling.state import OpenTrick, Round, TrickDumplingState, turn_order
from printkit.games.trickdumpling.trick import Play, TrickResult

NAME_MAX = 24  # characters in a player's name
SPECIAL_WORDS = {"W5": "Schrödinger's 5", "W99": "Schrödinger's 99", "GS": "Giant Steamer"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _card_code(v: Any) -> str:
    if not isinstance(v, str):
        raise ValueError(f"a card is written as text such as S7, W5 or GS, not {v!r}")
    try:
        return parse_card(v).code
    except CardError as e:
        raise ValueError(str(e)) from None


def _suit_id(v: Any) -> str:
    try:
        return CONTENT.suit(str(v)).id
    except StopIteration:
        raise ValueError(f"unknown suit {v!r}; suits are {', '.join(CONTENT.suit_ids)}") from None


# -- the new-table form -----------------------------------------------------------------------

class Setup(_Strict):
    """Players in seating order, clockwise (2 to 5; with 2 the Dumpling Master joins, TD-11),
    and the cook variation's boards (TD-12), each cook dealt at most once (TD-14)."""

    players: list[str] = Field(min_length=2, max_length=5, title="Players, clockwise (2 to 5; with 2, the "
                               "Dumpling Master plays too)", description="2 to 5 names, clockwise")
    # (the content's cooks: a Literal made at import, which a type checker cannot read)
    cooks: dict[str, CookId] = Field(
        default_factory=dict, title=f"Cook variation (optional), such as Ann=slacker, Bo=picky; cooks: {', '.join(COOKS)}",
        description="the cook variation: player -> cook; the form's text 'Ann=slacker, Bo=picky' reads as that")

    @field_validator("cooks", mode="before")
    @classmethod
    def _cooks_text(cls, v: Any) -> Any:
        """The new-table form's one line, ``Ann=slacker, Bo=picky`` (or ``Ann: slacker``)."""
        if not isinstance(v, str):
            return v
        out: dict[str, str] = {}
        for part in filter(None, (x.strip() for x in v.replace(";", ",").split(","))):
            who, sep, cook = part.replace(":", "=").partition("=")
            if not sep or not who.strip() or not cook.strip():
                raise ValueError(f"write each cook as NAME=COOK (such as Ann=slacker), not {part!r}")
            out[who.strip()] = cook.strip().lower()
        return out

    @field_validator("players")
    @classmethod
    def _names(cls, v: list[str]) -> list[str]:
        names = [n.strip() for n in v]
        if any(not n or len(n) > NAME_MAX for n in names):
            raise ValueError(f"each player's name is 1 to {NAME_MAX} characters")
        distinct_names(names)  # NFC: "Zoë" typed two ways is one name
        if MASTER in names:
            raise ValueError(f"{MASTER!r} is the Dumpling Master's name in a 2-player game")
        return names

    @model_validator(mode="after")
    def _cooks(self) -> Setup:
        for who in self.cooks:
            if who not in self.players:
                raise ValueError(f"cooks: {who!r} is not a player")
        seen: dict[str, str] = {}
        for who, cook in self.cooks.items():
            if cook in seen:
                raise ValueError(f"cooks: {cook} is dealt to {seen[cook]} and to {who}: there is one board "
                                 "of each cook (TD-14)")
            seen[cook] = who
        return self


# -- a move -----------------------------------------------------------------------------------

class DealMove(_Strict):
    chef: str = Field(max_length=NAME_MAX, description="who leads the first trick")
    rank: list[str] = Field(min_length=4, max_length=4, description="the four suits, most popular first (TD-3)")
    missions: dict[str, Literal["nephew", "spy"]] = Field(max_length=6, description="each seat's secret mission")
    hands: dict[str, list[str]] = Field(max_length=6, description="the cards dealt; the Master's top first")

    _r = field_validator("rank", mode="before")(classmethod(lambda cls, v: [_suit_id(s) for s in v]
                                                            if isinstance(v, list) else v))

    @field_validator("hands", mode="before")
    @classmethod
    def _cards(cls, v: Any) -> Any:
        if not isinstance(v, dict):
            return v
        out = {}
        for who, cards in v.items():
            if not isinstance(cards, list) or len(cards) > 35:
                raise ValueError(f"{who}: a hand is a list of at most 35 cards")
            out[who] = [_card_code(c) for c in cards]
        return out


class PlayMove(_Strict):
    player: str = Field(max_length=NAME_MAX)
    card: str
    declare: Literal["no-way", "accept"] | None = None
    slack: bool = False

    _c = field_validator("card", mode="before")(classmethod(lambda cls, v: _card_code(v)))


class StartMove(_Strict):
    """A round dealt seat by seat (a table with seats): its public part, the chef and the rank."""

    chef: str = Field(max_length=NAME_MAX, description="who leads the first trick")
    rank: list[str] = Field(min_length=4, max_length=4, description="the four suits, most popular first (TD-3)")

    _r = field_validator("rank", mode="before")(classmethod(lambda cls, v: [_suit_id(s) for s in v]
                                                            if isinstance(v, list) else v))


class HandMove(_Strict):
    """A round dealt seat by seat: one player's own hand and secret mission, from their phone."""

    player: str = Field(max_length=NAME_MAX)
    cards: list[str] = Field(max_length=35, description="the cards in this player's hand")
    mission: Literal["nephew", "spy"] | None = Field(default=None, description="the secret mission (none with 2 "
                                                     "players: both are nephews, the Master the spy, TD-11)")

    @field_validator("cards", mode="before")
    @classmethod
    def _cards(cls, v: Any) -> Any:
        if not isinstance(v, list):
            return v
        codes = [_card_code(c) for c in v]
        twice = sorted({c for c in codes if codes.count(c) > 1})
        if twice:
            raise ValueError(f"{', '.join(twice)} is tapped twice: there is one of each card (TD-1)")
        return codes


class StackMove(_Strict):
    """With 2 players and a round dealt seat by seat: the Master's cards left when its round ended
    early (Assorted Dumplings, PK-9), turned face up top first (PK-17)."""

    cards: list[str] = Field(min_length=1, max_length=35, description="the Master's cards left, top first")

    _c = HandMove._cards


SEAT_KEYS = ("deal", "play", "start", "hand", "stack")


class Move(_Strict):
    """One move: a round's deal, or a card played; at a table with seats a round is dealt seat
    by seat instead: ``start`` (chef and rank), then each player's ``hand`` (exactly one key)."""

    deal: DealMove | None = None
    play: PlayMove | None = None
    start: StartMove | None = None
    hand: HandMove | None = None
    stack: StackMove | None = None

    @model_validator(mode="after")
    def _one(self) -> Move:
        if sum(getattr(self, k) is not None for k in SEAT_KEYS) != 1:
            raise ValueError('a move is {"deal": {...}}, {"play": {...}}, {"start": {...}}, {"hand": {...}} or '
                             '{"stack": {...}}: exactly one of them')
        return self


# -- setup + moves <-> record -----------------------------------------------------------------

def _play_entry(p: PlayMove) -> dict[str, Any]:
    entry: dict[str, Any] = {"player": p.player, "card": p.card}
    if p.declare is not None:
        entry["declare"] = p.declare
    if p.slack:
        entry["slack"] = True
    return entry


def _hand_part(setup: Setup, entering: dict[str, Any], h: HandMove) -> None:
    """One player's hand of a round dealt seat by seat, checked on its own before it joins the
    others (a ValueError in the player's words; it names no card of another hand)."""
    n = len(setup.players)
    if h.player not in setup.players:
        raise ValueError(f"{h.player!r} is not a player at this table")
    if h.player in entering["hands"]:
        raise ValueError(f"{h.player}'s hand is entered already (undo it to enter it again)")
    size = CONTENT.deal[n]
    if len(h.cards) != size:
        raise ValueError(f"{h.player} enters {len(h.cards)} cards; {size} are dealt with {n} players (TD-10)")
    deck = {c.code for c in CONTENT.deck(n)}
    off = [c for c in h.cards if c not in deck]
    if off:
        raise ValueError(f"{', '.join(off)} is not in the deck with {n} players (the 1s and 9s are removed "
                         "with 2-3 players, TD-1)")
    if any(set(h.cards) & set(other) for other in entering["hands"].values()):
        raise ValueError(f"a card of {h.player}'s hand is entered in another player's hand too: there is one "
                         "of each card (TD-1); check the cards")
    if n == 2:
        if h.mission == "spy":
            raise ValueError("with 2 players the Dumpling Master always holds the spy (TD-11)")
    elif h.mission is None:
        raise ValueError(f"{h.player}'s secret mission is missing: nephew or spy (TD-10)")
    entering["hands"][h.player] = list(h.cards)
    entering["missions"][h.player] = h.mission or "nephew"


def _stack_known(setup: Setup, rounds: list[dict[str, Any]], revealed: dict[int, list[str]]) -> None:
    """Before the next round: every card of the Master's stack dealt seat by seat is known (PK-17)."""
    k = len(rounds) - 1
    left = CONTENT.deal[len(setup.players)] - len(revealed.get(k, []))
    if k in revealed and left:
        raise ValueError(f"the round is over: turn over the Master's last {left} card{'s' * (left > 1)} first "
                         "(PK-17)")


def _stack_rest(setup: Setup, rounds: list[dict[str, Any]], revealed: dict[int, list[str]], cards: list[str]) -> None:
    """The Master's cards left, turned face up (PK-17): exactly the rest of its stack, none dealt
    to a player or already turned over."""
    k = len(rounds) - 1
    if k not in revealed:
        raise ValueError("only the Master's stack of a round dealt seat by seat is turned over this way (2 players)")
    left = CONTENT.deal[len(setup.players)] - len(revealed[k])
    if len(cards) != left:
        raise ValueError(f"the Master has {left} card{'s' * (left != 1)} left: enter {'them all' if left else 'none'}")
    if any(c in h for c in cards for h in rounds[k]["hands"].values()) or set(cards) & set(revealed[k]):
        raise ValueError("one of these cards cannot be the Master's: it is dealt to a player or already turned over")
    revealed[k] += cards


def _master_stack(n: int, r: dict[str, Any], revealed: list[str]) -> list[str]:
    """A round dealt seat by seat with 2 players: the Master's stack is never typed in. Its cards
    are the ones turned over as the Master plays them (PK-17), in that order; until the last one,
    the stack is filled with cards no hand holds, which no answer shows and no card played reads
    (each card of the Master's is the one turned over, so the filling is never played)."""
    size = CONTENT.deal[n]
    known = {c for who, h in r["hands"].items() if who != MASTER for c in h} | set(revealed)
    fill = [c.code for c in CONTENT.deck(n) if c.code not in known]
    return revealed + fill[:max(0, size - len(revealed))]


def _seat_part(setup: Setup, m: Move, entering: dict[str, Any] | None, rounds: list[dict[str, Any]],
               revealed: dict[int, list[str]]) -> dict[str, Any] | None:
    """A part of a round dealt seat by seat: its start, or a hand; the round joins ``rounds``
    once every hand is in (the round being entered after it, else None)."""
    if m.stack is not None:
        _stack_rest(setup, rounds, revealed, m.stack.cards)
        return entering
    if m.start is not None:
        _stack_known(setup, rounds, revealed)
        return {"chef": m.start.chef, "rank": list(m.start.rank), "missions": {}, "hands": {}}
    assert m.hand is not None
    if entering is None:
        raise ValueError(f"{m.hand.player}'s hand comes after the round is started (its chef and rank)")
    _hand_part(setup, entering, m.hand)
    if len(entering["hands"]) < len(setup.players):
        return entering
    if len(setup.players) == 2:
        entering["missions"][MASTER] = "spy"
        entering["hands"][MASTER] = []
        revealed[len(rounds)] = []
    rounds.append(entering | {"tricks": []})
    return None


def _dealt_once(hands: dict[str, list[str]]) -> None:
    """A card typed into two hands of a deal is refused with its rule (TD-1)."""
    held: dict[str, str] = {}
    for who, cards in hands.items():
        for card in cards:
            if card in held:
                raise MoveRefused(f"{card} is dealt to {held[card]} and to {who}: there is one of each card", "TD-1")
            held[card] = who


def records(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The table as one game record. A card before the first deal has no round to go in: a
    ValueError in the players' words (the web core refuses the move with it). A round dealt seat
    by seat (``start``, then each player's ``hand``) joins the record once every hand is in."""
    assert isinstance(setup, Setup)
    seats = len(setup.players) + (1 if len(setup.players) == 2 else 0)
    rounds: list[dict[str, Any]] = []
    entering: dict[str, Any] | None = None  # a round being dealt seat by seat
    revealed: dict[int, list[str]] = {}  # the Master's cards turned over, by round dealt seat by seat
    for raw in moves:
        m = Move.model_validate(raw)
        if (m.deal is not None or m.start is not None) and entering is not None:
            raise ValueError("the next round is being dealt seat by seat: every player enters their hand first")
        if m.start is not None or m.hand is not None or m.stack is not None:
            entering = _seat_part(setup, m, entering, rounds, revealed)
            continue
        if m.deal is not None:
            _stack_known(setup, rounds, revealed)
            _dealt_once(m.deal.hands)
            rounds.append(m.deal.model_dump() | {"tricks": []})
            continue
        assert m.play is not None
        if not rounds or entering is not None:
            raise ValueError(f"{m.play.player} plays {m.play.card} before the cards are dealt: deal the round first")
        if m.play.player == MASTER and len(rounds) - 1 in revealed:
            if any(m.play.card in h for h in rounds[-1]["hands"].values()):
                # PK-17: said without the card or the hand; the one who typed it knows the card
                raise ValueError("that card cannot be the Master's: it is dealt to a player; enter the card the "
                                 "Master turns over")
            revealed[len(rounds) - 1].append(m.play.card)
        tricks = rounds[-1]["tricks"]
        if any(e["card"] == m.play.card for t in tricks for e in t["plays"]):
            # A double tap: said as a player would, not as the record model's "played twice".
            raise MoveRefused(f"{m.play.card} was already played this round: it is no longer in a hand", "TD-10")
        current = tricks[-1]["plays"] if tricks else None
        if current is None or len(current) >= seats or any(e["player"] == m.play.player for e in current):
            tricks.append({"plays": []})
        tricks[-1]["plays"].append(_play_entry(m.play))
    for k, cards in revealed.items():
        rounds[k]["hands"][MASTER] = _master_stack(len(setup.players), rounds[k], cards)
    doc: dict[str, Any] = {"game": GAME.name, "players": list(setup.players)}
    if setup.cooks:
        doc["cooks"] = dict(setup.cooks)
    doc["rounds"] = rounds
    return [doc]


def split(documents: Sequence[dict[str, Any]]) -> tuple[BaseModel, list[dict[str, Any]]]:
    """A game record -> (setup, moves): each round's deal, then its cards in order."""
    if len(documents) != 1:
        raise ValueError(f"a Trick Dumpling game is one record, not {len(documents)}")
    (doc,) = documents
    if isinstance(doc, dict) and "plays" in doc and "rounds" not in doc:
        raise ValueError("this is a single-trick record (for the referee): a table follows a whole game "
                         "(a record with 'players' and 'rounds')")
    rec = GameRecord.model_validate(doc)
    setup = Setup(players=rec.players, cooks=dict(rec.cooks))
    moves: list[dict[str, Any]] = []
    for r in rec.rounds:
        moves.append({"deal": {"chef": r.chef, "rank": list(r.rank), "missions": dict(r.missions),
                               "hands": {p: [c.code for c in h] for p, h in r.hands.items()}}})
        for t in r.tricks:
            for p in t.plays:
                moves.append({"play": _play_entry(PlayMove(player=p.player, card=p.card.code,
                                                           declare=p.declare, slack=p.slack))})
    return setup, moves


# -- what the page draws ----------------------------------------------------------------------

def _cards_json(cards: Sequence[Any]) -> list[str]:
    return [c.code for c in cards]


def _suits() -> list[dict[str, str]]:
    return [{"id": s.id, "letter": s.letter, "name": s.name, "colour": s.colour} for s in CONTENT.suits]


def _cook_info(setup: Setup) -> dict[str, dict[str, str]]:
    by_id = {c["id"]: c for c in CONTENT.cooks}
    return {p: {"id": c, "name": by_id[c]["name"], "text": by_id[c]["text"]} for p, c in setup.cooks.items()}


def _play_json(p: Play, up: bool | None) -> dict[str, Any]:
    return {"player": p.player, "card": p.card.code, "declare": p.declare, "slack": p.slack, "up": up}


def _result_json(t: int, plays: list[Play], res: TrickResult, taker: str) -> dict[str, Any]:
    down = set(res.face_down)
    return {"trick": t + 1, "winner": taker, "by_cards": res.winner, "reason": res.reason, "lead": res.lead, "totals": res.totals,
            "plays": [_play_json(p, p.card.code not in down) for p in plays], "events": res.events}


def _open_trick(o: OpenTrick, state: TrickDumplingState) -> dict[str, Any]:
    """The trick being played: its cards (face up or down), totals, the steamer limit (None
    once the Giant Steamer lifted it, TD-8), a standing Perfect Dish (TD-7)."""
    trick = o.trick
    up = {e.play.card.code: e.up for e in trick.entries}
    perfect = trick.perfect
    return {"trick": o.t + 1, "order": o.expected, "master_led": o.master_led,
            "plays": [_play_json(p, up.get(p.card.code)) for p in o.plays],
            "lead": trick.lead, "totals": trick.totals(), "limit": None if trick.steamer else CONTENT.steamer_limit,
            "steamer": trick.steamer,
            "perfect": {"player": perfect[0], "suit": perfect[1]} if perfect else None,
            "waiting": list(state.waiting)}


def _new_trick(state: TrickDumplingState, r: Round) -> dict[str, Any]:
    """The trick about to be led (no card yet): its leader and the order of play (TD-9, TD-11)."""
    leader = state.leader or r.deal.chef
    return {"trick": len(r.winners) + 1, "order": turn_order(state.players, leader),
            "master_led": len(state.players) == 2 and leader == MASTER, "plays": [], "lead": None,
            "totals": {s: 0 for s in r.deal.rank}, "limit": CONTENT.steamer_limit, "steamer": None, "perfect": None,
            "waiting": list(state.waiting)}


def _option(m: Any) -> dict[str, Any]:
    return {"player": m.player, "card": m.card.code, "declare": m.declare, "slack": m.slack}


def _round_json(r: Round, results: bool = False) -> dict[str, Any]:
    """A round's deal, tricks and points; with ``results``, each finished trick's cards and verdict."""
    out = {"round": r.k + 1, "chef": r.deal.chef, "rank": list(r.deal.rank), "missions": dict(r.deal.missions),
            "tricks": dict(r.tricks), "points": dict(r.points), "finished": r.over,
            "accomplished": r.accomplished, "early": r.early, "cards_left": {p: len(h) for p, h in r.hands.items()},
            "winners": list(r.winners)}
    if results:
        out["results"] = [_result_json(t, plays, res, r.winners[t]) for t, (plays, res) in enumerate(r.results)]
    return out


def _deal_form(state: TrickDumplingState, setup: Setup) -> dict[str, Any]:
    """What a new round's deal needs: the chef (the first round: any player; later: whoever won
    the last trick, TD-10), the previous rank to start from, the deck (TD-1), hand size and who
    may be the spy (TD-10, TD-11: the Master with 2 players)."""
    n = len(setup.players)
    r = state.round
    return {"round": len(state.rounds) + 1,
            "chef": state.leader if r is not None else None,
            "chef_options": [state.leader] if r is not None and state.leader else list(setup.players),
            "rank": list(r.deal.rank) if r is not None else list(CONTENT.suit_ids),
            "deck": _cards_json(CONTENT.deck(n)), "hand_size": CONTENT.deal[n],
            "spy_options": [MASTER] if n == 2 else list(state.seats)}


def _phase(state: TrickDumplingState) -> str:
    if state.is_over:
        return "over"
    return "play" if state.waiting else "deal"


def view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the page draws now (see docs/serve.md, the Trick Dumpling section)."""
    assert isinstance(state, TrickDumplingState) and isinstance(setup, Setup)
    phase = _phase(state)
    r = state.round
    out: dict[str, Any] = {
        "phase": phase, "players": list(setup.players), "seats": list(state.seats),
        "master": len(setup.players) == 2, "threshold": state.threshold, "limit": CONTENT.steamer_limit,
        "suits": _suits(), "specials": SPECIAL_WORDS, "cooks": _cook_info(setup),
        "slacker_left": {p: CONTENT.slacker_uses - state.slack_used.get(p, 0)
                         for p, c in setup.cooks.items() if c == "slacker"},
        "totals": {p: sum(x.points[p] for x in state.rounds) for p in state.seats},
        "rounds": [_round_json(x) for x in state.rounds],
        "round": _round_json(r, results=True) if r is not None else None,
        "trick": None,
        "waiting": list(state.waiting), "hands": {}, "options": [], "deal": None, "moves": len(moves),
    }
    if phase == "deal":
        out["deal"] = _deal_form(state, setup)
        entering = _entering(setup, moves)
        # A round dealt seat by seat: its chef and rank, and who has entered their hand (no card).
        out["deal"]["entering"] = None if entering is None else {
            "chef": entering["chef"], "rank": entering["rank"], "entered": list(entering["hands"])}
        out["deal"]["master_left"] = _master_left(setup, moves, state)
    elif phase == "play" and r is not None:
        out["trick"] = _open_trick(state.trick, state) if state.trick is not None else _new_trick(state, r)
        out["hands"] = {p: _cards_json(r.hands.get(p, [])) for p in state.waiting}
        out["options"] = [_option(m) for m in state.legal_moves() or []]
        last = r.results[-1] if r.results else None
        out["last"] = _result_json(len(r.results) - 1, last[0], last[1], r.winners[-1]) if last else None
    return out


# -- seats: each player on their own phone (docs/serve.md, "Seats"; PK-17) ---------------------

def _entering(setup: Setup, moves: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The round being dealt seat by seat, if any: chef, rank and the hands entered so far."""
    entering: dict[str, Any] | None = None
    for raw in moves:
        if raw.get("start") is not None:
            entering = {"chef": raw["start"]["chef"], "rank": list(raw["start"]["rank"]), "hands": {}, "missions": {}}
        elif raw.get("hand") is not None and entering is not None:
            entering["hands"][raw["hand"]["player"]] = list(raw["hand"]["cards"])
            entering["missions"][raw["hand"]["player"]] = raw["hand"].get("mission") or "nephew"
            if len(entering["hands"]) == len(setup.players):
                entering = None
    return entering


def _master_left(setup: Setup, moves: Sequence[dict[str, Any]], state: TrickDumplingState) -> int:
    """The Master's cards not turned over yet in the last round, when it was dealt seat by seat
    with 2 players (PK-17): after a round that ended early they are turned face up before the
    next deal."""
    if not _master_hidden(setup, moves) or _entering(setup, moves) is not None:
        return 0
    seat_round, seen = False, 0
    entered: set[str] | None = None
    for m in moves:
        if m.get("start") is not None:
            entered = set()
        elif m.get("hand") is not None and entered is not None:
            entered.add(m["hand"]["player"])
            if len(entered) == len(setup.players):
                seat_round, seen, entered = True, 0, None
        elif m.get("deal") is not None:
            seat_round = False
        elif (m.get("play") or {}).get("player") == MASTER:
            seen += 1
        elif m.get("stack") is not None:
            seen += len(m["stack"]["cards"])
    return CONTENT.deal[len(setup.players)] - seen if seat_round else 0


def _master_options(state: TrickDumplingState, seat: str | None) -> list[dict[str, Any]]:
    """The Master's card when its stack was never typed in (PK-17): any card nobody has seen
    played this round (nor in the asking seat's own hand), with the answer TD-11 forces on it
    (the State's own ``Trick.answer``, as ``master_move`` gives it)."""
    r = state.round
    assert r is not None
    seen = {p.card.code for plays, _res in r.results for p in plays}
    seen |= {p.card.code for p in (state.trick.plays if state.trick is not None else [])}
    if seat is not None:
        seen |= {c.code for c in r.hands.get(seat, [])}
    trick = state.trick.trick if state.trick is not None else None
    out = []
    for c in CONTENT.deck(len(state.players)):
        if c.code not in seen:
            declare = trick.answer(MASTER, c) if trick is not None and trick.perfect is not None else None
            out.append({"player": MASTER, "card": c.code, "declare": declare, "slack": False})
    return out


def _master_hidden(setup: Setup, moves: Sequence[dict[str, Any]]) -> bool:
    """The rounds are dealt seat by seat, so the Master's stack is not known (2 players)."""
    return len(setup.players) == 2 and any(m.get("start") is not None for m in moves)


def seat_view(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]], seat: str | None) -> dict[str, Any]:
    """What one seat (None: the shared screen) may see: the view without any other seat's hand,
    mission or held card. A seat sees its own hand and only the cards it may play now (the
    State's ``legal_moves``, TD-5, TD-7, TD-11, TD-12, TD-15); everyone sees the Master's
    choices when its stack was never typed in (PK-17)."""
    assert isinstance(state, TrickDumplingState) and isinstance(setup, Setup)
    out = view(state, setup, moves)
    r = state.round
    if out["round"] is not None and r is not None and not r.over:
        out["round"]["missions"] = {p: m for p, m in r.deal.missions.items() if p == seat}
    out["hands"] = {seat: _cards_json(r.hands.get(seat, []))} if seat and r is not None and out["phase"] == "play" else {}
    options = [o for o in out["options"] if o["player"] == seat and seat is not None]
    if out["phase"] == "play" and MASTER in state.waiting:
        options += _master_options(state, seat) if _master_hidden(setup, moves) else \
            [o for o in out["options"] if o["player"] == MASTER]
    out["options"] = options
    trick = out["trick"]
    if trick is not None and trick["master_led"] and state.trick is not None and state.trick.held:
        # TD-15: the first real player's card stays hidden until the second is down.
        for play in trick["plays"]:
            if play["player"] not in (seat, MASTER):
                play.update(card=None, up=None, declare=None, slack=None, hidden=True)
    entering = _entering(setup, moves)
    if out["deal"] is not None and out["deal"]["master_left"]:
        # PK-17: the Master's cards left after a round that ended early, to turn face up
        out["deal"]["master_cards"] = [o["card"] for o in _master_options(state, seat)]
    if out["deal"] is not None and entering is not None and seat in entering["hands"]:
        out["deal"]["mine"] = {"cards": entering["hands"][seat], "mission": entering["missions"][seat]}
    out["seat"] = seat
    return out


def seat_moves(setup: BaseModel, moves: Sequence[dict[str, Any]], seat: str | None) -> list[dict[str, Any]]:
    """The moves as ``seat`` may see them: another player's hand without its cards and mission,
    and the first real player's card of a trick the Master leads until the second is down."""
    assert isinstance(setup, Setup)
    out = [{"hand": {"player": m["hand"]["player"], "hidden": True}}
           if m.get("hand") is not None and m["hand"]["player"] != seat else m for m in moves]
    if len(setup.players) == 2 and moves and moves[-1].get("play") is not None:
        (doc,) = records(setup, moves)
        plays = doc["rounds"][-1]["tricks"][-1]["plays"] if doc["rounds"] and doc["rounds"][-1]["tricks"] else []
        if len(plays) == 2 and plays[0]["player"] == MASTER and plays[1]["player"] != seat:
            out[-1] = {"play": {"player": plays[1]["player"], "hidden": True}}
    return out


def seat_may(setup: BaseModel, moves: Sequence[dict[str, Any]], move: dict[str, Any], seat: str | None) -> str | None:
    """At a table with seats, each player's hand and cards come from their own phone; the
    round's chef and rank and the Master's cards from any phone."""
    m = Move.model_validate(move)
    if m.deal is not None:
        return ("this table deals seat by seat: the chef and rank first, then each player enters their own hand "
                "on their own phone")
    who = m.hand.player if m.hand is not None else m.play.player if m.play is not None else None
    if who is not None and who != MASTER and who != seat:
        return f"only {who}'s own phone (their seat link) enters {who}'s {'hand' if m.hand else 'cards'}"
    return None


def secret(state: GameState, setup: BaseModel, moves: Sequence[dict[str, Any]]) -> bool:
    """A hand is held now: a round is being dealt seat by seat, or being played (PK-17: at the
    end of a round every card is known)."""
    assert isinstance(state, TrickDumplingState) and isinstance(setup, Setup)
    r = state.round
    return _entering(setup, moves) is not None or (r is not None and not r.over and not state.closed) \
        or _master_left(setup, moves, state) > 0


def seat_names(setup: BaseModel) -> list[str]:
    assert isinstance(setup, Setup)
    return list(setup.players)


def file_names(setup: BaseModel) -> list[str]:
    return ["trickdumpling.yaml"]


def move_rounds(setup: BaseModel, moves: Sequence[dict[str, Any]]) -> list[int]:
    """The round of each move, for the history's score-by-round chart: a deal starts the next."""
    out, k = [], 0
    for m in moves:
        k += isinstance(m, dict) and m.get("deal") is not None
        out.append(k)
    return out


def describe(setup: BaseModel, moves: Sequence[dict[str, Any]], i: int) -> str:
    """A move in the record's words: "Ann played S7", "round 2 dealt (Bo leads)"."""
    m = moves[i]
    if m.get("deal") is not None:
        n = sum(1 for x in moves[:i + 1] if x.get("deal") is not None)
        return f"round {n} dealt ({m['deal']['chef']} leads)"
    return f"{m['play']['player']} played {m['play']['card']}"


def move_name(setup: BaseModel, move: dict[str, Any]) -> str:
    """A move in a player's words, for a refusal: "Bo's K2", "Ann's hand", "The deal"."""
    play, hand = move.get("play"), move.get("hand")
    if play and play["player"] == MASTER:
        return "The Master's card"  # PK-17: a refused Master card is not named back (it may be a hand's)
    if play:
        return f"{play['player']}'s {play['card']}"
    if hand:
        return f"{hand['player']}'s hand"
    if move.get("stack"):
        return "The Master's last cards"
    return "The round's start" if move.get("start") else "The deal"


SCOREKEEPER = Scorekeeper(game=GAME, setup=Setup, move=Move, records=records, split=split, view=view,
                          assets=Path(__file__).with_name("web"), file_names=file_names, rounds=move_rounds,
                          describe=describe, move_name=move_name, seats=seat_names, seat_view=seat_view,
                          seat_moves=seat_moves, seat_may=seat_may, secret=secret)

__all__ = ["SCOREKEEPER", "Setup", "Move", "records", "split", "view"]
