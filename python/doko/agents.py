"""Players for :class:`doko.Game` and an arena that compares them on duplicate deals.

An agent is anything with ``act(game, seat) -> action id`` (the seat is the one to act).
:class:`Random` picks among the legal actions; :class:`RuleBased` is a simple baseline (it
says healthy, follows suit sensibly, takes a trick as cheaply as it can, gives eyes to a
partner who holds the trick, and calls Re or Kontra on a strong hand); :class:`Search`
weighs each card over deals its player cannot tell from the real one (a determinized
search, the engine's); :class:`DoubleDummy` solves such deals double dummy after each
card (the engine's solver). :func:`arena` plays the same deals with the agents rotated through
the seats, and gives the paired difference of the first two.
"""

from __future__ import annotations

import json
import math
import random
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

from . import DEFAULT_PROFILE, Game, _count

__all__ = ["Agent", "DoubleDummy", "Random", "RuleBased", "Search", "arena"]


class Agent:
    """A player: :meth:`act` picks the action of ``seat``, the seat to act in ``game``."""

    name = "agent"

    def act(self, game: Game, seat: int) -> int:
        raise NotImplementedError


class Random(Agent):
    """Any legal action, uniformly (seeded: the same seed, the same choices)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def seed(self, seed: int) -> None:
        """Starts the choices again from ``seed`` (an environment's reset does)."""
        self.rng = random.Random(seed)

    def act(self, game: Game, seat: int) -> int:
        return self.rng.choice(game.legal_actions())


class RuleBased(Agent):
    """A simple baseline. Bidding: ``healthy`` (or ``pass``), never a solo; a poverty is
    declined. Calls: Re or Kontra before its first card, on a hand of at least 7 trumps
    (of 12; the same share of a smaller hand) or three queens. Cards: leading, a side ace,
    else its cheapest card; where a partner it knows holds the trick, its card with the most
    eyes; else the cheapest card that takes the trick, or its cheapest card."""

    name = "rule-based"

    def act(self, game: Game, seat: int) -> int:
        legal = game.legal_actions()
        names = {game.action_name(a): a for a in legal}
        if game.phase == "bidding":
            for word in ("healthy", "pass", "decline"):
                if word in names:
                    return names[word]
            return legal[0]
        if "decline" in names:
            return names["decline"]
        view = game.observation(seat)
        # Her card actions are named as the cards of her hand.
        cards = {n: a for n, a in names.items() if n in set(view["hand"])}
        if not cards:
            return legal[0]
        call = self._call(game, view, names)
        if call is not None:
            return call
        if not view["trick"]:
            aces = [n for n in cards if n[1:] == "A" and not game.is_trump(n)]
            pick = aces[0] if aces else min(cards, key=lambda n: (game.eyes(n), game.is_trump(n)))
            return cards[pick]
        taker = game.trick_taker_now()
        if taker is not None and self._partner(view, seat, taker):
            return cards[max(cards, key=lambda n: (game.eyes(n), not game.is_trump(n)))]
        winning = [n for n in cards if self._takes(game, cards[n], seat)]
        if winning:
            return cards[min(winning, key=lambda n: (game.is_trump(n), game.eyes(n)))]
        return cards[min(cards, key=lambda n: (game.eyes(n), game.is_trump(n)))]

    @staticmethod
    def _call(game: Game, view: Dict[str, Any], names: Dict[str, int]) -> Optional[int]:
        hand = view["hand"]
        calls = [a for n, a in names.items() if n in ("call re", "call kontra")]
        if not calls or view["tricks"]:
            return None
        trumps = sum(1 for c in hand if game.is_trump(c))
        queens = sum(1 for c in hand if c[1:] == "Q")
        strong = trumps * 12 >= 7 * max(len(hand), 1) or queens >= 3
        return calls[0] if strong else None

    @staticmethod
    def _partner(view: Dict[str, Any], seat: int, other: int) -> bool:
        """Whether ``other`` plays with ``seat``, as far as ``seat`` knows."""
        if other == seat:
            return True
        declarer = view.get("declarer")
        if declarer is not None and view.get("contract") not in ("wedding", "poverty", None):
            return (other == declarer) == (seat == declarer)
        mine = view.get("party")
        if mine is None:
            return False
        theirs = None
        played = [p for t in view["tricks"] for p in t] + list(view["trick"])
        if f"P{other + 1}:CQ" in played:
            theirs = "re"
        for said, party in zip(view["calls"], view["call_parties"]):
            if said.startswith(f"P{other + 1} "):
                theirs = party
        return theirs == mine

    @staticmethod
    def _takes(game: Game, action: int, seat: int) -> bool:
        """Whether playing ``action`` now leaves ``seat`` holding the trick."""
        trial = game._g.clone()
        tricks = len(trial.trick_winners())
        trial.apply(action, "en")
        winners = trial.trick_winners()
        if len(winners) > tricks:
            return winners[-1] == seat
        return trial.trick_taker_now() == seat


class Search(Agent):
    """A determinized search (perfect-information Monte Carlo over
    :meth:`doko.Game.sample_world`): for each card it may play, ``worlds`` deals it cannot
    tell from the real one, each played out at random ``rollouts`` times from that card
    (cards only, nobody calling), the card of the best mean points played. The search
    runs in the engine, on one core; it sees only what its player sees. It searches in
    rounds of a quarter of its worlds and stops after the round that passes
    ``max_seconds`` (at most 50 ms a move by default; ``None``: never early, so that the
    same seed gives the same moves on any machine). With ``seconds``, it searches in rounds
    of ``worlds`` worlds until that time a move is spent instead (at least one round). The
    bidding, the calls and a poverty's questions are :class:`RuleBased`'s.

    At its default budget (24 worlds of 4 play-outs) a move takes about 2 ms on one core
    (ddv; ``python/README.md`` has the figures per profile)."""

    name = "search"

    def __init__(
        self,
        worlds: int = 24,
        rollouts: int = 4,
        seconds: Optional[float] = None,
        seed: int = 0,
        max_seconds: Optional[float] = 0.045,
    ) -> None:
        if worlds < 1 or rollouts < 1:
            raise ValueError(f"worlds and rollouts: 1 or more, not {worlds} and {rollouts}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds: more than 0, not {seconds}")
        self.worlds = worlds
        self.rollouts = rollouts
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.rng = random.Random(_count("seed", seed))
        self.rules = RuleBased()

    def seed(self, seed: int) -> None:
        """Starts the searches' random choices again from ``seed``."""
        self.rng = random.Random(seed)

    def weigh(self, game: Game) -> List[Any]:
        """The cards the player to act may play, each with its mean points over the
        search's worlds, best first (empty where she has no card to play now)."""
        start = time.perf_counter()
        total: Dict[int, float] = {}
        chunk = self.worlds if self.seconds is not None else max(1, self.worlds // 4)
        done = 0
        while True:
            size = chunk if self.seconds is not None else min(chunk, self.worlds - done)
            for action, value in game._g.search_cards(size, self.rollouts, self.rng.getrandbits(63)):
                total[action] = total.get(action, 0.0) + value * size
            done += size
            spent = time.perf_counter() - start
            if len(total) < 2:
                break
            if self.seconds is not None:
                if spent >= self.seconds:
                    break
            elif done >= self.worlds or (self.max_seconds is not None and spent >= self.max_seconds):
                break
        return sorted(((a, v / max(done, 1)) for a, v in total.items()), key=lambda av: -av[1])

    def act(self, game: Game, seat: int) -> int:
        if game.phase != "playing":
            return self.rules.act(game, seat)
        legal = game.legal_actions()
        names = {game.action_name(a): a for a in legal}
        if "decline" in names:
            return names["decline"]
        call = RuleBased._call(game, game.observation(seat), names)
        if call is not None:
            return call
        weighed = self.weigh(game)
        if not weighed:
            return self.rules.act(game, seat)
        return weighed[0][0]


class DoubleDummy(Agent):
    """A determinized double-dummy player: ``worlds`` deals its player cannot tell from the
    real one (:meth:`doko.Game.sample_world`), each solved double dummy after every card
    it may play (:meth:`doko.Game.solve`, at most ``limit`` positions a solve; where the
    solver stops first, the middle of its bounds); the card that leaves its party the most
    eyes on average is played. The bidding, the calls and a poverty's questions are
    :class:`RuleBased`'s, and so is a card while its party is not known to it. Within the
    limit the early tricks of a 48-card deal are only bounded: it plays the later tricks
    best."""

    name = "double-dummy"

    def __init__(self, worlds: int = 4, limit: int = 20000, seed: int = 0) -> None:
        if worlds < 1 or limit < 1:
            raise ValueError(f"worlds and limit: 1 or more, not {worlds} and {limit}")
        self.worlds = worlds
        self.limit = limit
        self.rng = random.Random(_count("seed", seed))
        self.rules = RuleBased()

    def seed(self, seed: int) -> None:
        """Starts the worlds' random choices again from ``seed``."""
        self.rng = random.Random(seed)

    def weigh(self, game: Game, seat: int) -> List[Any]:
        """The cards ``seat`` (to play) may play, each with its party's mean eyes at the end
        over the worlds, best first; empty where its party is not known to it."""
        view = game.observation(seat)
        party = view.get("party")
        hand = set(view["hand"])
        cards = [a for a in game.legal_actions() if game.action_name(a) in hand]
        if party not in ("re", "kontra") or not cards:
            return []
        total = {a: 0.0 for a in cards}
        for _ in range(self.worlds):
            world = game.sample_world(seat, self.rng.getrandbits(63))
            for a in cards:
                after = world.clone()
                after.apply(a)
                try:
                    solved = after.solve(limit=self.limit)
                except ValueError:
                    return []
                lo, hi = solved["bounds"]
                re_eyes = (lo + hi) / 2
                total[a] += re_eyes if party == "re" else -re_eyes
        return sorted(((a, v / self.worlds) for a, v in total.items()), key=lambda av: -av[1])

    def act(self, game: Game, seat: int) -> int:
        if game.phase != "playing":
            return self.rules.act(game, seat)
        names = {game.action_name(a): a for a in game.legal_actions()}
        if "decline" in names:
            return names["decline"]
        call = RuleBased._call(game, game.observation(seat), names)
        if call is not None:
            return call
        weighed = self.weigh(game, seat)
        if not weighed:
            return self.rules.act(game, seat)
        return weighed[0][0]


def _interval(values: Sequence[float]) -> Dict[str, Any]:
    """The mean of ``values``, its standard error and 95% confidence interval."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n else 0.0
    return {"deals": n, "mean": mean, "stderr": se, "ci95": (mean - 1.96 * se, mean + 1.96 * se)}


def arena(
    agents: Sequence[Agent],
    deals: int,
    seed: int = 0,
    variant: str = DEFAULT_PROFILE,
    archive: Union[None, str, Path] = None,
) -> Dict[str, Any]:
    """Plays ``deals`` deals (seeds ``seed``, ``seed + 1`` ...) once for every turn of the
    hands round the table: duplicate deals, every agent holding every seat's cards in turn
    (agent ``i`` keeps seat ``i``; in turn ``r`` it holds the cards and the place to the
    dealer that seat ``i + r`` had). Returns each agent's mean points a deal (its mean over
    the turns), with the standard error and a 95% confidence interval over the deals
    (``"agents"``), and the paired difference of the first two agents, deal by deal
    (``"difference"``: ``mean``, ``stderr``, ``ci95``; above 0 where the first did better). With
    ``archive``, every deal played is written there, the players named after the agents:
    JSON Lines where the name ends in ``.jsonl`` (``doko score --summary`` reads it), else
    one record file as JSON (``doko score``, ``doko stats --rating`` read it)."""
    deals = _count("deals", deals)
    seed = _count("seed", seed)
    seats = len(Game(variant).players)
    if len(agents) != seats:
        raise ValueError(f"{variant} seats {seats} players: give {seats} agents, not {len(agents)}")
    names = [f"{getattr(a, 'name', type(a).__name__)}-{i + 1}" for i, a in enumerate(agents)]
    per_deal: List[List[float]] = [[] for _ in agents]
    played: List[Dict[str, Any]] = []
    for d in range(deals):
        base = Game(variant, seed=seed + d, dealer=d % seats)
        hands = [base.observation(s)["hand"] for s in range(seats)]
        totals = [0.0] * seats
        for r in range(seats):
            game = Game(
                variant,
                dealer=(d - r) % seats,
                hands=[hands[(i + r) % seats] for i in range(seats)],
                players=names,
            )
            while not game.is_over():
                s = game.current_player
                game.apply(agents[s].act(game, s))
            for i, p in enumerate(game.returns() or [0] * seats):
                totals[i] += p
            if archive is not None:
                played.extend((game.to_record() or {}).get("deal", []))
        for i in range(seats):
            per_deal[i].append(totals[i] / seats)
    if archive is not None:
        path = Path(archive)
        if path.suffix == ".jsonl":
            text = "".join(json.dumps({"players": names, **deal}, ensure_ascii=False) + "\n" for deal in played)
        else:
            text = json.dumps({"variant": variant, "players": names, "deal": played}, ensure_ascii=False, indent=1)
        path.write_text(text, encoding="utf-8")
    results = [{"agent": name, **_interval(values)} for name, values in zip(names, per_deal)]
    # The first two agents compared deal by deal: both played the same cards in every
    # seat, so the deal's luck cancels and the interval is tight.
    paired = [a - b for a, b in zip(per_deal[0], per_deal[1])]
    difference = {"agents": (names[0], names[1]), **_interval(paired)}
    return {"variant": variant, "deals": deals, "seed": seed, "agents": results, "difference": difference}
