"""doko as an OpenSpiel game (``pip install open_spiel``), so that OpenSpiel's algorithms
(MCTS, ISMCTS, CFR's samplers, its RL agents) play Doppelkopf under any profile.

``doko.openspiel.register()`` registers two Python games: ``python_doko`` (the profiles
whose returns add up to 0, ``utility`` ``ZERO_SUM``) and ``python_doko_general_sum`` (those
whose returns do not: Kloepper). Their parameters: ``variant`` names the profile (``ddv``
by default); ``dealer`` is the dealer's seat (0 by default), or ``-1`` for a dealer dealt by
chance (the first chance node, every seat equally likely).

The deal is chance nodes as OpenSpiel's card games deal: one card at a time, round the
table from the dealer's left (a seat that sits out gets none), each outcome a card's action
id with its share of the cards left (a deck holds two of each card). Every deal can come
out, and ``game.new_initial_state()`` with a state's ``history()`` applied gives that state
again. ``resample_from_infostate(player, sampler)`` is :meth:`doko.Game.sample_world` (its
seed drawn from OpenSpiel's sampler), so OpenSpiel's ISMCTS plays doko as it is.

The observation tensor is :meth:`doko.Game.observation_vector`, its string the JSON of
:meth:`doko.Game.observation`; the information state string is that JSON with the player's
hand as dealt (what she saw of the deal and of every action since: the cards passed in a
poverty's exchange are the one thing of hers it does not name). Every rule is the engine's.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyspiel

from . import DEFAULT_PROFILE, Error, Game

__all__ = ["register", "CHANCE_DEALER", "deal_actions"]

#: The ``dealer`` parameter that deals the dealer by chance.
CHANCE_DEALER = -1


def _type(short_name: str, zero_sum: bool, seats: int) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name="Doppelkopf (doko)" + ("" if zero_sum else ", general-sum profiles"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": DEFAULT_PROFILE if zero_sum else "kloepper", "dealer": 0},
    )


class DokoGame(pyspiel.Game):
    """One deal of Doppelkopf under the parameter ``variant``, dealt a card at a time."""

    def __init__(self, params: Optional[Dict[str, Any]] = None, zero_sum: bool = True) -> None:
        params = dict(params or {})
        self.variant = str(params.get("variant", DEFAULT_PROFILE if zero_sum else "kloepper"))
        self.dealer = int(params.get("dealer", 0))
        probe = Game(self.variant)
        if (probe.utility == "zero-sum") != zero_sum:
            kind = "python_doko_general_sum" if zero_sum else "python_doko"
            raise ValueError(f"{self.variant} is {probe.utility}: load it as {kind}")
        self.seats = len(probe.players)
        if not CHANCE_DEALER <= self.dealer < self.seats:
            raise ValueError(f"dealer {self.dealer}: a seat from 0 to {self.seats - 1}, or {CHANCE_DEALER} (by chance)")
        self.observation_size = probe.observation_size
        # The deck: each card's action id and copies; the seats dealt to, per dealer.
        deck: Dict[str, int] = {}
        for hand in probe.hands():
            for card in hand:
                deck[card] = deck.get(card, 0) + 1
        self.card_ids: Dict[str, int] = {}
        for a in range(probe.num_actions):
            try:
                name = probe.action_name(a)
            except Error:  # an id no action of this profile has
                continue
            if name in deck:
                self.card_ids.setdefault(name, a)
        self.card_names: Dict[int, str] = {a: c for c, a in self.card_ids.items()}
        self.copies: Dict[int, int] = {self.card_ids[c]: k for c, k in deck.items()}
        self.deck_size = sum(deck.values())
        self.order: List[List[int]] = []
        for dealer in range(self.seats):
            hands = Game(self.variant, dealer=dealer).hands()
            active = [(dealer + 1 + k) % self.seats for k in range(self.seats)]
            active = [s for s in active if hands[s]]
            self.order.append([active[j % len(active)] for j in range(self.deck_size)])
        chance_steps = self.deck_size + (1 if self.dealer == CHANCE_DEALER else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions,
            max_chance_outcomes=max(max(self.card_names) + 1, self.seats),
            num_players=self.seats,
            min_utility=-1000.0,
            max_utility=1000.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=chance_steps + 1000,
        )
        name = "python_doko" if zero_sum else "python_doko_general_sum"
        super().__init__(_type(name, zero_sum, self.seats), info, {"variant": self.variant, "dealer": self.dealer})

    def __reduce__(self) -> Any:
        # Pickled as its name and parameters: loaded again (a state pickles with its game).
        return (pyspiel.load_game, (f"{self.get_type().short_name}(variant={self.variant},dealer={self.dealer})",))

    def __deepcopy__(self, memo: Dict[int, Any]) -> "DokoGame":
        # A state's copy shares its game.
        return self

    def new_initial_state(self) -> "DokoState":
        return DokoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "DokoObserver":
        recall = iig_obs_type is not None and getattr(iig_obs_type, "perfect_recall", False)
        return DokoObserver(self.observation_size, recall)


class DokoGeneralSumGame(DokoGame):
    """:class:`DokoGame` for the profiles whose returns do not add up to 0."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, zero_sum=False)


class DokoState(pyspiel.State):
    """A deal: first the chance nodes that deal (the dealer, where dealt by chance, then the
    cards one at a time), then the players' actions."""

    def __init__(self, game: DokoGame) -> None:
        super().__init__(game)
        self._spec = game
        self._dealer: Optional[int] = None if game.dealer == CHANCE_DEALER else game.dealer
        self._cards: List[int] = []
        self._left: Dict[int, int] = dict(game.copies)
        self.doko: Optional[Game] = None

    def current_player(self) -> int:
        if self.doko is None:
            return pyspiel.PlayerId.CHANCE
        if self.doko.is_over():
            return pyspiel.PlayerId.TERMINAL
        return int(self.doko.current_player)

    def _legal_actions(self, player: int) -> List[int]:
        assert self.doko is not None
        return sorted(self.doko.legal_actions())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        assert self.doko is None
        if self._dealer is None:
            seats = self._spec.seats
            return [(s, 1.0 / seats) for s in range(seats)]
        left = self._spec.deck_size - len(self._cards)
        return [(a, k / left) for a, k in sorted(self._left.items()) if k > 0]

    def _apply_action(self, action: int) -> None:
        if self.doko is not None:
            self.doko.apply(int(action))
            return
        if self._dealer is None:
            if not 0 <= action < self._spec.seats:
                raise ValueError(f"dealer {action}: no such seat")
            self._dealer = int(action)
            return
        if self._left.get(int(action), 0) <= 0:
            raise ValueError(f"chance outcome {action}: no such card left to deal")
        self._left[int(action)] -= 1
        self._cards.append(int(action))
        if len(self._cards) == self._spec.deck_size:
            self.doko = Game(self._spec.variant, dealer=self._dealer, hands=self._hands_dealt())

    def _hands_dealt(self) -> List[List[str]]:
        """The hands of the cards dealt so far, by seat."""
        assert self._dealer is not None
        hands: List[List[str]] = [[] for _ in range(self._spec.seats)]
        for seat, card in zip(self._spec.order[self._dealer], self._cards):
            hands[seat].append(self._spec.card_names[card])
        return hands

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"dealer {action}"
            return f"deal {self._spec.card_names.get(int(action), action)}"
        probe = self.doko if self.doko is not None else Game(self._spec.variant)
        return probe.action_name(int(action))

    def is_terminal(self) -> bool:
        return self.doko is not None and self.doko.is_over()

    def returns(self) -> List[float]:
        seats = self._spec.seats
        if self.doko is None or not self.doko.is_over():
            return [0.0] * seats
        return [float(r) for r in (self.doko.returns() or [0] * seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DokoState":
        """A state that ``player_id`` cannot tell from this one, drawn with OpenSpiel's
        sampler: :meth:`doko.Game.sample_world` (its seed from the sampler), reached from
        the root by its own chance outcomes and actions."""
        seed = int(float(probability_sampler()) * (1 << 53))
        world = DokoState(self._spec)
        if self.doko is None:
            # Still dealing: her cards so far as they are, the others' anew.
            if self._dealer is None:
                return world
            if self._spec.dealer == CHANCE_DEALER:
                world.apply_action(self._dealer)
            order = self._spec.order[self._dealer]
            hidden = [c for s, c in zip(order, self._cards) if s != player_id]
            np.random.default_rng(seed).shuffle(hidden)
            for s, c in zip(order, self._cards):
                world.apply_action(c if s == player_id else hidden.pop())
            return world
        sampled = self.doko.sample_world(player_id, seed)
        for action in deal_actions(self._spec, sampled.dealt(), sampled.dealer) + sampled.history():
            world.apply_action(action)
        return world

    def __str__(self) -> str:
        if self.doko is None:
            return json.dumps({"dealer": self._dealer, "dealt": self._hands_dealt() if self._dealer is not None else []})
        return json.dumps({"hands": self.doko.hands(), "history": self.doko.history()})


def _info_string(state: DokoState, player: int, recall: bool) -> str:
    """What ``player`` knows (``recall``: with her hand as dealt), as JSON."""
    if state.doko is None:
        mine = []
        if state._dealer is not None:
            mine = state._hands_dealt()[player]
        return json.dumps({"dealing": sorted(mine), "dealer": state._dealer})
    # The observation's record alone: its vector (what `Game.observation` adds) is not
    # part of the string, and ISMCTS asks for this key at every node.
    view = json.loads(state.doko._g.observation_json(player))
    if recall:
        view["dealt"] = sorted(state.doko.dealt()[player])
    return json.dumps(view, sort_keys=True)


class DokoObserver:
    """The observation of a seat: :meth:`doko.Game.observation_vector` as the tensor (zeros
    while dealing), the observation's JSON as the string (``recall``: the information
    state's, with her hand as dealt)."""

    def __init__(self, size: int, recall: bool = False) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.recall = recall

    def set_from(self, state: DokoState, player: int) -> None:
        if state.doko is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.doko.observation_vector(player)

    def string_from(self, state: DokoState, player: int) -> str:
        return _info_string(state, player, self.recall)


def deal_actions(game: DokoGame, hands: Sequence[Sequence[str]], dealer: int) -> List[int]:
    """The chance outcomes that deal ``hands`` (by seat) with ``dealer`` dealing, in
    order (the dealer's outcome first where the game deals it by chance)."""
    left = [list(h) for h in hands]
    out = [dealer] if game.dealer == CHANCE_DEALER else []
    for seat in game.order[dealer]:
        out.append(game.card_ids[left[seat].pop()])
    return out


_registered = False


def register() -> None:
    """Registers ``python_doko`` and ``python_doko_general_sum`` with OpenSpiel (once)."""
    global _registered
    if _registered:
        return
    pyspiel.register_game(_type("python_doko", True, 4), DokoGame)
    pyspiel.register_game(_type("python_doko_general_sum", False, 4), DokoGeneralSumGame)
    _registered = True
