"""A PettingZoo AEC environment of one Doppelkopf deal (``pip install ./python[pettingzoo]``).

Each seat is an agent (``player_0`` ...); the agent to act picks an action id of
:class:`doko.Game` (the action mask says which are legal). The observation is
``{"observation": the numbers of Game.observation_vector, "action_mask": 0/1 per id}``.
The reward, at the end of the deal, is each player's game points under the profile; a
player who sits out the deal (the dealer at a table of five) gets 0 and never acts.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

import numpy as np
import gymnasium
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import DEFAULT_PROFILE, Game


def _observation(game: Game, seat: int) -> Dict[str, np.ndarray]:
    """What an environment hands ``seat``: the observation vector and the action mask, read
    from the engine's bytes in one call (read-only arrays)."""
    obs, mask = game._g.observe(seat)
    return {
        "observation": np.frombuffer(obs, dtype="<f4"),
        "action_mask": np.frombuffer(mask, dtype=np.int8),
    }


def _dealer(fixed: Optional[int], dealt: int, seats: int) -> int:
    """The dealer of an environment's next deal: ``fixed``, else one seat on from reset to
    reset (``dealt`` deals so far, counted again from 0 at a seeded reset)."""
    return dealt % seats if fixed is None else fixed


class DokoEnv(AECEnv):
    """One deal under ``variant`` (with ``set`` overrides) per :meth:`reset`.

    Seeds: ``reset(seed=s)`` deals ``Game(variant, seed=s)`` and seeds :attr:`np_random`
    with ``s``; an unseeded reset deals from a seed drawn from :attr:`np_random`, itself
    seeded from the operating system's entropy until a seed is given (two environments
    nobody seeded play different deals). The dealer moves one seat to the left from reset to
    reset, from seat 0 (a seeded reset starts the round again at seat 0); ``dealer=`` fixes
    it. The returns are the profile's game points:
    :attr:`utility` says whether they add up to 0 (``"zero-sum"``) or not
    (``"general-sum"``: Kloepper, where only the side that scores writes)."""

    metadata = {"render_modes": ["ansi"], "name": "doko_v0", "is_parallelizable": False}

    def __init__(
        self,
        variant: str = DEFAULT_PROFILE,
        set: Any = None,
        dealer: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self.variant = variant
        self._set = set
        self.render_mode = render_mode
        self._seed = 0
        probe = Game(variant, seed=0, dealer=dealer or 0, set=set)
        seats = len(probe.players)
        self._fixed_dealer = dealer
        self._dealt = 0
        self.dealer = dealer or 0
        self.utility = probe.utility
        self.metadata = dict(self.metadata, utility=probe.utility)
        self.np_random, _ = seeding.np_random(None)
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
        self._n_actions = probe.num_actions
        self._obs_size = probe.observation_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=4.0, shape=(self._obs_size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self._n_actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.game: Optional[Game] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        # A refused seed changes nothing: the env resets as before it was given.
        if seed is None:
            new_seed = int(self.np_random.integers(0, 2**64, dtype=np.uint64))
        else:
            try:
                new_seed = operator.index(seed)
            except TypeError:
                new_seed = -1
            if isinstance(seed, bool) or not 0 <= new_seed < 2**64:
                raise ValueError(f"seed {seed!r}: a seed is a whole number from 0 to 2**64 - 1")
        seats = len(self.possible_agents)
        if seed is not None:
            self._dealt = 0  # a seed starts the round of dealers again: the same seed, the same deal
        dealer = _dealer(self._fixed_dealer, self._dealt, seats)
        game = Game(self.variant, seed=new_seed, dealer=dealer, set=self._set)
        if seed is not None:
            self.np_random, _ = seeding.np_random(new_seed)
        self._dealt += 1
        self.dealer = dealer
        self._seed = new_seed
        self.game = game
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        assert self.game is not None
        return _observation(self.game, self._seats[agent])

    def step(self, action: Any) -> None:
        assert self.game is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.game.apply(int(action))
        native = self.game._g
        if native.is_over():
            points = native.returns() or [0] * len(self.possible_agents)
            for a in self.agents:
                self.rewards[a] = points[self._seats[a]]
                self.terminations[a] = True
            # Every agent is done: the dead steps go round from the first.
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
        else:
            # Nothing is won before the deal ends: the rewards stay 0 until then.
            self.agent_selection = self.possible_agents[native.current_player]
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        seat = self.game.current_player
        view = self.game.observation(seat if seat is not None else 0)
        return (
            f"{view['phase']}: {view.get('contract') or '-'}; trick {view['trick']}; "
            f"calls {view['calls']}"
        )

    def state(self) -> np.ndarray:
        """The whole deal as numbers: every seat's observation (seats counted from 0), one
        after the other; with every hand in it, it is what no single player sees."""
        assert self.game is not None
        return np.concatenate([self.game.observation_vector(s) for s in range(len(self.possible_agents))])

    def close(self) -> None:
        pass


def wrapped(**kwargs: Any) -> AECEnv:
    """:class:`DokoEnv` wrapped as PettingZoo's classic games are: an illegal action ends
    the deal (-1 to whoever took it), an action out of range is refused, calls in order."""
    env: AECEnv = DokoEnv(**kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env


class SingleAgentEnv(gymnasium.Env):
    """One learner against given players, as a Gymnasium environment: the learner sits in
    ``seat``; every other seat is played by ``opponents`` (agents with ``act(game, seat)``,
    :mod:`doko.agents`; by default :class:`doko.agents.RuleBased`). Each step takes the
    learner's action, then the others' until the learner acts again or the deal ends; the
    reward, at the end, is the learner's game points; an illegal action ends the deal
    with -1. Seeds and the dealer as in
    :class:`DokoEnv` (``dealer=`` fixes the dealer)."""

    metadata = {"render_modes": []}

    def __init__(
        self,
        variant: str = DEFAULT_PROFILE,
        seat: int = 0,
        opponents: Optional[Any] = None,
        set: Any = None,
        dealer: Optional[int] = None,
    ) -> None:
        from .agents import RuleBased  # noqa: PLC0415

        probe = Game(variant, seed=0, set=set)
        seats = len(probe.players)
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat}: {variant} seats {seats} players (from 0)")
        self.variant, self.seat, self._set = variant, seat, set
        self._fixed_dealer = dealer
        self._dealt = 0
        others = list(opponents) if opponents is not None else [RuleBased() for _ in range(seats - 1)]
        if len(others) != seats - 1:
            raise ValueError(f"{variant} needs {seats - 1} opponents, not {len(others)}")
        self.players = others[:seat] + [None] + others[seat:]
        self.utility = probe.utility
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=4.0, shape=(probe.observation_size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(probe.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(probe.num_actions)
        self.game: Optional[Game] = None

    def _observe(self) -> Dict[str, np.ndarray]:
        assert self.game is not None
        return _observation(self.game, self.seat)

    def _others(self) -> None:
        assert self.game is not None
        while not self.game.is_over() and self.game.current_player != self.seat:
            s = self.game.current_player
            self.game.apply(self.players[s].act(self.game, s))

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Any:
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(0, 2**63)) if seed is None else int(seed)
        seats = len(self.players)
        if seed is not None:
            self._dealt = 0  # a seed starts the round of dealers again: the same seed, the same deal
        dealer = _dealer(self._fixed_dealer, self._dealt, seats)
        self._dealt += 1
        self.game = Game(self.variant, seed=deal_seed, dealer=dealer, set=self._set)
        if seed is not None:
            # The same seed, the same deal and the same choices of seeded players.
            for p in self.players:
                if p is not None and hasattr(p, "seed"):
                    p.seed(int(self.np_random.integers(0, 2**63)))
        self._others()
        return self._observe(), {}

    def step(self, action: Any) -> Any:
        assert self.game is not None
        if self.game.is_over() or int(action) not in self.game.legal_actions():
            # As PettingZoo's classic games: an illegal action ends the deal, -1 for it.
            return self._observe(), -1.0, True, False, {"illegal": True}
        self.game.apply(int(action))
        self._others()
        done = self.game.is_over()
        reward = float((self.game.returns() or [0] * len(self.players))[self.seat]) if done else 0.0
        return self._observe(), reward, done, False, {}
