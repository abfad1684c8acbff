"""doko as an OpenSpiel game (``pip install open_spiel``), so that OpenSpiel's algorithms
(MCTS, CFR's samplers, its RL agents) play Doppelkopf under any profile.

``doko.openspiel.register()`` registers two Python games: ``python_doko`` (the profiles
whose returns add up to 0, ``utility`` ``ZERO_SUM``) and ``python_doko_general_sum`` (those
whose returns do not: Kloepper). Their parameter ``variant`` names the profile (``ddv`` by
default). The deal is a chance node of 1,000 equally likely outcomes, each the seed of a
deal (``Game(variant, seed=outcome)``); the dealer moves round the table from deal to deal
of a game object. The observation tensor is :meth:`doko.Game.observation_vector`, its
string the JSON of :meth:`doko.Game.observation`; every rule is the engine's.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

from . import DEFAULT_PROFILE, Game

__all__ = ["register", "DEALS"]

#: The chance node's outcomes: the seeds of the deals it can deal.
DEALS = 1000


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
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": DEFAULT_PROFILE if zero_sum else "kloepper"},
    )


class DokoGame(pyspiel.Game):
    """One deal of Doppelkopf under the parameter ``variant``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None, zero_sum: bool = True) -> None:
        params = dict(params or {})
        self.variant = str(params.get("variant", DEFAULT_PROFILE if zero_sum else "kloepper"))
        probe = Game(self.variant)
        if (probe.utility == "zero-sum") != zero_sum:
            kind = "python_doko_general_sum" if zero_sum else "python_doko"
            raise ValueError(f"{self.variant} is {probe.utility}: load it as {kind}")
        self.seats = len(probe.players)
        self.observation_size = probe.observation_size
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_actions,
            max_chance_outcomes=DEALS,
            num_players=self.seats,
            min_utility=-1000.0,
            max_utility=1000.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=1000,
        )
        name = "python_doko" if zero_sum else "python_doko_general_sum"
        super().__init__(_type(name, zero_sum, self.seats), info, {"variant": self.variant})
        self._dealt = 0

    def new_initial_state(self) -> "DokoState":
        dealer = self._dealt % self.seats
        self._dealt += 1
        return DokoState(self, dealer)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "DokoObserver":
        return DokoObserver(self.observation_size)


class DokoGeneralSumGame(DokoGame):
    """:class:`DokoGame` for the profiles whose returns do not add up to 0."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, zero_sum=False)


class DokoState(pyspiel.State):
    """A deal: first the chance node that deals, then the players' actions."""

    def __init__(self, game: DokoGame, dealer: int) -> None:
        super().__init__(game)
        self._variant = game.variant
        self._dealer = dealer
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

    def chance_outcomes(self) -> List[Any]:
        assert self.doko is None
        return [(seed, 1.0 / DEALS) for seed in range(DEALS)]

    def _apply_action(self, action: int) -> None:
        if self.doko is None:
            self.doko = Game(self._variant, seed=int(action), dealer=self._dealer)
        else:
            self.doko.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        probe = self.doko if self.doko is not None else Game(self._variant)
        return probe.action_name(int(action))

    def is_terminal(self) -> bool:
        return self.doko is not None and self.doko.is_over()

    def returns(self) -> List[float]:
        seats = self.get_game().num_players()
        if self.doko is None or not self.doko.is_over():
            return [0.0] * seats
        return [float(r) for r in (self.doko.returns() or [0] * seats)]

    def __str__(self) -> str:
        if self.doko is None:
            return "dealing"
        return json.dumps({"hands": self.doko.hands(), "history": self.doko.history()})


class DokoObserver:
    """The observation of a seat: :meth:`doko.Game.observation_vector` as the tensor, the
    observation's JSON as the string."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DokoState, player: int) -> None:
        if state.doko is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.doko.observation_vector(player)

    def string_from(self, state: DokoState, player: int) -> str:
        if state.doko is None:
            return "dealing"
        view = state.doko.observation(player)
        view.pop("vector")
        return json.dumps(view, sort_keys=True)


_registered = False


def register() -> None:
    """Registers ``python_doko`` and ``python_doko_general_sum`` with OpenSpiel (once)."""
    global _registered
    if _registered:
        return
    pyspiel.register_game(_type("python_doko", True, 4), DokoGame)
    pyspiel.register_game(_type("python_doko_general_sum", False, 4), DokoGeneralSumGame)
    _registered = True
