"""doko for Python: the Doppelkopf engine of the `doko` command as a package.

Scoring (the same documents as ``doko score --format json``), comparing profiles, the
profiles themselves, random legal deals, and a deal played step by step (:class:`Game`),
with a PettingZoo environment in :mod:`doko.env`. Every rule is the engine's: this package
converts arguments and results, and decides nothing.
"""

from __future__ import annotations

import errno
import json
import os
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native

#: The package's version (its wheel's, as ``pip show doko-doppelkopf`` says it).
__version__: str = _native.__version__

#: The profile played where none is named (the DDV tournament rules).
DEFAULT_PROFILE: str = _native.DEFAULT_PROFILE

__all__ = [
    "__version__",
    "DEFAULT_PROFILE",
    "arena",
    "Error",
    "Game",
    "VecGame",
    "compare",
    "env",
    "generate",
    "iter_scores",
    "merge_summaries",
    "Summary",
    "observation_layout",
    "raw_env",
    "profile",
    "profiles",
    "score",
    "score_arrow",
    "summary",
    "to_pandas",
    "to_polars",
]

Source = Union[str, "os.PathLike[str]", Iterable[Mapping[str, Any]]]


class Error(Exception):
    """An error of the engine, in the language asked: where (``file``, ``line``, ``deal``,
    ``trick``, ``field``, each ``None`` where not known) and what (``message``, the whole
    text with its place, as the command prints it)."""

    def __init__(
        self,
        message: str,
        file: Optional[str] = None,
        line: Optional[int] = None,
        deal: Optional[int] = None,
        trick: Optional[int] = None,
        field: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.deal = deal
        self.trick = trick
        self.field = field


def _raise(e: Exception) -> "Error":
    text = str(e)
    try:
        data = json.loads(text)
    except ValueError:
        return Error(text)
    return Error(
        data.get("message", text),
        file=data.get("file"),
        line=data.get("line"),
        deal=data.get("deal"),
        trick=data.get("trick"),
        field=data.get("field"),
    )


def _call(fn: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except _native.NativeError as e:
        raise _raise(e) from None
    except OverflowError as e:
        # A negative number where the engine counts (a seat, a row count): a bad value.
        raise ValueError(f"a number out of range: {e} (counts, seeds and seats are 0 or more)") from None


def _sets(set: Union[None, Mapping[str, Any], Sequence[str]]) -> List[str]:
    """``{"league.deals": 16}`` or ``["league.deals=16"]`` as the engine's overrides."""
    if set is None:
        return []
    if isinstance(set, Mapping):
        out = []
        for k, v in set.items():
            if isinstance(v, bool):
                v = "true" if v else "false"
            out.append(f"{k}={v}")
        return out
    return [str(s) for s in set]


class _NotAList(TypeError, ValueError):
    """One string where a list of them is wanted: a wrong type, and a wrong value too (so
    that either ``except`` catches it)."""


def _count(name: str, value: Any) -> int:
    """A whole number of 0 or more (a count, a seed, a seat): a negative one raises
    ``ValueError`` naming the argument, not an overflow of the native call."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")
    if value >= 1 << 64:
        raise ValueError(f"{name} {value} is too large: at most {(1 << 64) - 1}")
    return int(value)


#: What a one-line sheet has and a file name has not: a CSV's, a TOML's or a JSON
#: line's separators.
_SEPARATORS = ",;\t={}[]"

_EXTENSIONS = (".csv", ".toml", ".json", ".jsonl", ".ndjson")


def _input(source: Source, format: Optional[str]) -> Dict[str, Any]:
    """A path, a text, or records (dicts: JSON Lines rows of an archive)."""
    if isinstance(source, os.PathLike):
        return {"path": os.fspath(source), "format": format}
    if isinstance(source, str):
        looks_like_path = "\n" not in source and (
            source.lower().endswith(_EXTENSIONS) or os.path.exists(source)
        )
        if looks_like_path:
            return {"path": source, "format": format}
        if "\n" not in source and not any(c in source for c in _SEPARATORS):
            # One line that no sheet could be (no separator): a file name that names no
            # file (`"evening"` for `evening.csv`, a typo), not the text of a sheet.
            near = [source + e for e in _EXTENSIONS if os.path.exists(source + e)]
            hint = f"; did you mean {near[0]!r}?" if near else " (and one line without a separator is not a sheet)"
            raise FileNotFoundError(errno.ENOENT, f"no file {source!r}{hint}", source)
        return {"text": source, "format": format or _guess(source)}
    if isinstance(source, bytes):
        raise TypeError("give a path, a text (str) or records (dicts)")
    lines = "".join(json.dumps(dict(r), ensure_ascii=False) + "\n" for r in source)
    return {"text": lines, "format": "jsonl", "name": "<records>"}


def _guess(text: str) -> str:
    first = next((l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")), "")
    if first.startswith("{"):
        return "jsonl"
    if first.startswith("[") or ("=" in first and "," not in first.split("=")[0]):
        return "toml"
    return "csv"


def score(
    source: Source,
    variant: Optional[str] = None,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    format: Optional[str] = None,
    lang: str = "en",
    jobs: int = 0,
) -> Dict[str, Any]:
    """Scores a file, a text or records (JSON Lines rows as dicts) as ``doko score
    --format json`` does: the same structure of dicts and lists. ``variant`` overrides the
    file's profile, ``set`` its keys. A bad deal raises :class:`Error` with its place."""
    return _score(source, variant, set, format, lang, jobs, summary=False)


def iter_scores(
    source: Source,
    variant: Optional[str] = None,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    format: Optional[str] = None,
    lang: str = "en",
    rules: bool = False,
    jobs: Optional[int] = None,
    continues: bool = False,
) -> Iterator[Dict[str, Any]]:
    """Each deal's result as :func:`score` lists it under ``"deals"``, one at a time as the
    engine scores it: memory stays flat however long the archive, at the command's pace.
    ``rules``: with each item's rule text (a third of the bytes; :func:`score` has it). A
    bad deal raises :class:`Error` where it comes, after the deals before it.
    ``continues``: as :func:`summary`. ``jobs``: the engine's threads (default: every core
    but one, which builds the dicts; one on a machine of two cores)."""
    if jobs is None:
        jobs = max(1, (os.cpu_count() or 1) - 1)
    _count("jobs", jobs)
    args = _input(source, format)
    deals = _call(_native.iter_scores, variant=variant, sets=_sets(set), lang=lang, rules=rules, jobs=jobs, continues=continues, **args)
    return _each_deal(deals)


def _each_deal(batches: Any) -> Iterator[Dict[str, Any]]:
    while True:
        try:
            deals = next(batches)
        except StopIteration:
            return
        except _native.NativeError as e:
            raise _raise(e) from None
        yield from deals


def summary(
    source: Source,
    variant: Optional[str] = None,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    format: Optional[str] = None,
    lang: str = "en",
    jobs: int = 0,
    continues: bool = False,
) -> "Summary":
    """``doko score --summary --format json``: the aggregates of an archive, streamed in
    constant memory on ``jobs`` threads (0: every core; at most 256, more is refused), as
    a :class:`Summary`. ``continues=True`` says the source continues an archive begun
    elsewhere (a part after the first, as a cluster splits it): under a profile whose Bock
    rounds cross deals such a part is refused, since it would score differently from the
    whole; merge the parts' summaries with :func:`merge_summaries`."""
    doc = _score(source, variant, set, format, lang, jobs, summary=True, continues=continues)
    return Summary(doc)._as_part(variant, set, continues, lang)


def _score(source: Source, variant: Optional[str], set: Any, format: Optional[str], lang: str, jobs: int, *, summary: bool, continues: bool = False) -> Dict[str, Any]:
    _count("jobs", jobs)
    args = _input(source, format)
    text = _call(
        _native.score,
        variant=variant,
        sets=_sets(set),
        lang=lang,
        summary=summary,
        jobs=jobs,
        continues=continues,
        **args,
    )
    return json.loads(text)


def score_arrow(
    data: Any,
    variant: Optional[str] = None,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    summary: bool = False,
    lang: str = "en",
    rows: int = 65536,
    jobs: int = 0,
    continues: bool = False,
    name: str = "<arrow>",
) -> Any:
    """Scores an archive held in Arrow: any object with ``__arrow_c_stream__`` (a pyarrow
    ``Table``, ``RecordBatch`` or ``RecordBatchReader``, a polars ``DataFrame``, a DuckDB
    result) whose columns are the CSV archive's (``players``, ``tricks``, ...; text, whole
    numbers, booleans, dictionaries, and lists of text for ``players``, ``calls``,
    ``tricks``, ``bids``, ``hands``, ``session``). The engine reads the fields from Arrow's
    buffers, with no CSV text in between.

    Yields ``pyarrow.RecordBatch`` es of up to ``rows`` deals with the columns of ``doko
    score --format csv``: ``deal``, ``contract``, ``re``, ``kontra``, ``re_eyes``,
    ``kontra_eyes``, ``winner``, ``value``, ``multiplier``, each player's points, each
    player's ``<player>_total`` and ``note`` (``docs/formats.md``, section 6). With
    ``summary=True`` returns the :class:`Summary` instead. A bad deal raises :class:`Error`
    with its row (numbered from 1, as ``line`` and ``deal``), after the batches before it.
    ``jobs``, ``continues``: as :func:`summary` (``jobs=0``, the default: every core; give
    ``jobs=1`` where a cluster runs a worker a core). Needs pyarrow for the batches."""
    _count("jobs", jobs)
    _count("rows", rows)
    if summary:
        text = _call(_native.score_arrow, data, name=name, variant=variant, sets=_sets(set), lang=lang, summary=True, jobs=jobs, continues=continues)
        return Summary(json.loads(text))._as_part(variant, set, continues, lang)
    import pyarrow as pa

    parts = _call(_native.score_arrow, data, name=name, variant=variant, sets=_sets(set), lang=lang, summary=False, rows=rows, jobs=jobs, continues=continues)
    return _record_batches(pa, parts)


def _record_batches(pa: Any, parts: Any) -> Iterator[Any]:
    """The engine's column buffers as record batches, without a copy."""
    while True:
        try:
            n, columns = next(parts)
        except StopIteration:
            return
        except _native.NativeError as e:
            raise _raise(e) from None
        names, arrays = [], []
        for name, kind, *buffers in columns:
            if kind == "int":
                array = pa.Array.from_buffers(pa.int64(), n, [None, pa.py_buffer(buffers[0])])
            else:
                offsets, data, valid = buffers
                validity = None if valid is None else pa.py_buffer(valid)
                nulls = -1 if valid is not None else 0
                array = pa.Array.from_buffers(pa.large_string(), n, [validity, pa.py_buffer(offsets), pa.py_buffer(data)], null_count=nulls)
            names.append(name)
            arrays.append(array)
        yield pa.RecordBatch.from_arrays(arrays, names=names)


class Summary(dict):
    """The document of ``doko score --summary --format json`` (a dict), which parts of an
    archive merge into the whole's: :meth:`merge` adds another part's counts and works the
    rates out again, as the command does for the whole."""

    def _as_part(self, variant: Optional[str], set: Any, continues: bool, lang: str) -> "Summary":
        # What a merge needs to know of this part: whether the profile's Bock rounds cross
        # deals (a part after the first must then have begun a session), and whether it was
        # summarised as continuing (`continues=True`, which the engine checked).
        try:
            keys = profile(variant or self["variant"], set=set)["keys"]
            self._crosses = bool(keys.get("bock.triggers"))
        except Error:
            self._crosses = True
        self._continues = continues
        self._lang = lang
        return self

    def merge(self, other: Mapping[str, Any]) -> "Summary":
        """This part's summary and ``other``'s as one (both under the same profile)."""
        if self["variant"] != other["variant"]:
            raise ValueError(f"summaries under {self['variant']} and {other['variant']} do not merge")
        out = Summary(variant=self["variant"], deals=self["deals"] + other["deals"], bad=self["bad"] + other["bad"])
        for part, fields in (("players", ("deals", "won", "points")),
                             ("contracts", ("deals", "re_won", "kontra_won", "nobody", "value")),
                             ("items", ("times", "points"))):
            merged: Dict[str, Dict[str, Any]] = {}
            for side in (self[part], other[part]):
                for key, line in side.items():
                    into = merged.setdefault(key, {f: 0 for f in fields})
                    for f in fields:
                        into[f] += line[f]
            if part == "players":
                for line in merged.values():
                    deals, won = line["deals"], line["won"]
                    # As the command writes it: a percentage first, then a fraction.
                    rate = 0.0 if deals == 0 else 100.0 * won / deals / 100.0
                    line.update(deals=deals, won=won, win_rate=rate, points=line.pop("points"))
            out[part] = dict(sorted(merged.items()))
        return out


def merge_summaries(parts: Iterable[Mapping[str, Any]]) -> Summary:
    """The summaries of an archive's parts as the whole's (:meth:`Summary.merge`). Under a
    profile whose Bock rounds cross deals a merge is exact or refused: each part after the
    first must have been summarised with ``continues=True`` (which checks that it begins a
    session); a part summarised as a first part (or a plain dict, of which that is not
    known) raises :class:`Error` naming it."""
    parts = list(parts)
    if not parts:
        raise ValueError("no summaries to merge")
    for k, p in enumerate(parts[1:], start=2):
        crosses = getattr(p, "_crosses", None)
        if crosses is None:
            try:
                crosses = bool(profile(p["variant"])["keys"].get("bock.triggers"))
            except Error:
                crosses = True
        if crosses and not getattr(p, "_continues", False):
            lang = getattr(parts[0], "_lang", "en")
            raise Error(_native.merge_refusal(p["variant"], k, lang))
    whole = Summary(parts[0])
    for p in parts[1:]:
        whole = whole.merge(p)
    return whole


def compare(
    source: Source,
    variants: Sequence[str],
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    format: Optional[str] = None,
    lang: str = "en",
    summary: bool = False,
    jobs: int = 0,
) -> Dict[str, Any]:
    """``doko compare --variants A,B,... --format json`` (``summary``: ``--summary``):
    ``variants`` is a list of two profiles or more (a single string is refused, not read
    letter by letter)."""
    if isinstance(variants, (str, bytes, os.PathLike)):
        raise _NotAList(f"variants: give a list of two profiles or more, not the one string {variants!r}")
    variants = [str(v) for v in variants]
    if len(variants) < 2:
        raise ValueError(f"variants: give two profiles or more to compare, not {len(variants)}")
    _count("jobs", jobs)
    args = _input(source, format)
    text = _call(
        _native.compare,
        list(variants),
        sets=_sets(set),
        lang=lang,
        summary=summary,
        jobs=jobs,
        **args,
    )
    return json.loads(text)


def profiles() -> List[str]:
    """The built-in profiles' names."""
    return list(_native.profile_names())


def profile(
    name_or_path: str,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    lang: str = "en",
) -> Dict[str, Any]:
    """A profile by name or path, its overrides applied: ``{"name", "title", "keys":
    {"scoring.announce": 2, ...}}``."""
    return json.loads(_call(_native.profile, name_or_path, _sets(set), lang))


def generate(
    n: int,
    seed: int = 0,
    variant: str = DEFAULT_PROFILE,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    *,
    players: Optional[Sequence[str]] = None,
) -> Iterator[Dict[str, Any]]:
    """``n`` random legal deals (JSON Lines rows as dicts, as ``doko generate --format
    jsonl`` writes them), the same for the same seed; one at a time. A bad profile, key or
    player name raises ``Error`` here, not at the first deal."""
    rows = _call(
        _native.generate,
        _count("n", n),
        _count("seed", seed),
        variant,
        _sets(set),
        list(players) if players is not None else None,
    )
    return (json.loads(line) for line in rows)


class Game:
    """A deal played step by step under a profile.

    Actions are integers, stable per profile: the cards (by the deck's order), then the
    calls (every call the rules take before her card: her Re or Kontra, also as a reply or
    after her partner's, and the calls above her party's, a higher one saying the lower
    ones), then ``accept``, ``decline`` (a poverty), ``knock`` and ``call CA`` ...
    (Kloepper), ``schweinchen``, ``hyperschweinchen`` and ``genscher``, ``genscher P1`` ...
    (FreeDoko's Genscher: the holder of both ♦K names a partner), then the statements of the
    bidding; :meth:`action_name` names them. A poverty's exchange is the players' (phase
    ``"exchange"``): those asked in turn accept or decline, the poor player passes her
    cards and her partner returns as many (card actions); nobody accepting, the hands are
    thrown in. A player calls only on her turn to play, before her card.
    """

    def __init__(
        self,
        variant: str = DEFAULT_PROFILE,
        seed: int = 0,
        dealer: int = 0,
        hands: Optional[Sequence[Sequence[str]]] = None,
        *,
        set: Union[None, Mapping[str, Any], Sequence[str]] = None,
        players: Optional[Sequence[str]] = None,
        lang: str = "en",
        _native_game: Any = None,
    ) -> None:
        _count("seed", seed)
        _count("dealer", dealer)
        self._lang = lang
        # What the game was dealt from: a pickled game is dealt again and replayed.
        self._args = (
            variant,
            _sets(set),
            seed,
            dealer,
            [list(h) for h in hands] if hands is not None else None,
            list(players) if players is not None else None,
        )
        if _native_game is not None:
            self._g = _native_game
        else:
            self._g = _call(_native.Game, *self._args, lang)
        self._bind()

    def _bind(self) -> None:
        # The calls of every step go straight to the engine, with no Python frame between
        # (the engine raises :class:`Error` itself, in the game's language; issue 64): the
        # methods below say what they do.
        self.legal_actions = self._g.legal_actions
        self.is_over = self._g.is_over
        self.apply = self._g.apply if self._lang == self._g.lang else self._apply_in_lang

    @property
    def lang(self) -> str:
        """The language of its errors (``"en"``, ``"de"``, ``"ja"``)."""
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = value
        if "_g" in self.__dict__:
            self._bind()

    @property
    def current_player(self) -> Optional[int]:
        """The seat to act (from 0), or ``None`` once the deal is over."""
        return self._g.current_player

    @property
    def players(self) -> List[str]:
        """The seat names."""
        return self._g.players

    @property
    def variant(self) -> str:
        """The profile played."""
        return self._g.variant

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"exchange"`` (a poverty's), ``"playing"`` or ``"over"``."""
        return self._g.phase

    @property
    def num_actions(self) -> int:
        """How many action ids the profile has."""
        return self._g.num_actions

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observation_vector`."""
        return self._g.observation_size

    def legal_actions(self) -> List[int]:
        """The ids of the actions the player to act may take."""
        return self._g.legal_actions()

    def action_name(self, action: int) -> str:
        """An action's name: ``"CQ"``, ``"call no90"``, ``"voluntary solo-queens"``."""
        return _call(self._g.action_name, action)

    def apply(self, action: int) -> None:
        """Takes an action; an illegal one raises :class:`Error` naming the rule."""
        self._apply_in_lang(action)

    def _apply_in_lang(self, action: int) -> None:
        _call(self._g.apply, action, self.lang)

    def undo(self) -> bool:
        """Takes back the last action (``False`` where there is none)."""
        return self._g.undo()

    def is_over(self) -> bool:
        """The deal is over."""
        return self._g.is_over()

    def returns(self) -> Optional[List[int]]:
        """Each seat's game points under the profile, once over (else ``None``)."""
        return _call(self._g.returns)

    def observation(self, player: int) -> Dict[str, Any]:
        """What ``player`` may know: her hand, the statements, the calls and the party
        each was said for (``call_parties``), the tricks, the contract and her own party;
        and, under ``"vector"``, the same as the fixed-size numbers of
        :meth:`observation_vector`."""
        view = json.loads(_call(self._g.observation_json, player))
        view["vector"] = self.observation_vector(player)
        return view

    def observation_vector(self, player: int) -> "np.ndarray":
        """:meth:`observation` as a fixed-size ``numpy.float32`` array, seats counted from
        ``player``; :meth:`observation_layout` names its parts."""
        raw = _call(self._g.observation_bytes, player)
        return np.frombuffer(raw, dtype="<f4").astype(np.float32, copy=True)

    def observation_layout(self) -> List[Tuple[str, int, int]]:
        """The ``(name, start, stop)`` slices of :meth:`observation_vector`, in order."""
        return [tuple(s) for s in self._g.observation_layout()]

    @property
    def utility(self) -> str:
        """``"zero-sum"`` where every deal's returns add up to 0 under the profile, else
        ``"general-sum"`` (Kloepper: only the side that scores writes its points)."""
        return self._g.utility

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._g.dealer

    def eyes(self, card: str) -> int:
        """A card's eyes (``"H10"``: 10), as the engine counts them."""
        return _call(self._g.eyes, card)

    def is_trump(self, card: str) -> bool:
        """Whether a card (``"CQ"``, ``"H10"``) is a trump in the game as chosen so far."""
        return _call(self._g.is_trump, card)

    def trick_taker_now(self) -> Optional[int]:
        """The seat that would take the trick in play if it ended now (``None`` before its
        first card)."""
        return self._g.trick_taker_now()

    def trick_winners(self) -> List[int]:
        """Who took each trick so far."""
        return self._g.trick_winners()

    def sample_world(self, seat: int, seed: int = 0) -> "Game":
        """A full deal that ``seat`` cannot tell from this one (determinization, as ISMCTS
        plays): her cards and every card played as they are, the other hands dealt anew
        from the cards she has not seen, short of the suits each showed void in, and the
        deal's actions taken again, so the calls, the parties the play revealed and a
        poverty's exchange all hold. Every such deal can come out; the same seed gives the
        same deal."""
        g = Game(lang=self.lang, _native_game=_call(self._g.sample_world, _count("seat", seat), _count("seed", seed)))
        g._args = self._args
        return g

    def solve(self, limit: Optional[int] = None) -> Dict[str, Any]:
        """The deal double dummy from here: every hand open, both parties playing
        perfectly, the parties as the game knows them (the library's solver, as
        ``doko analyze`` runs it). ``re_eyes``: Re's eyes at the end (None where the
        search stopped at ``limit`` positions first); ``best``: the ids of the cards the
        player to play may play that reach them (each card once); ``bounds``: the least
        and the most Re's eyes can be, as far as the search found. Without a limit an early
        position of a 48-card deal may take minutes; a determinized player solves worlds
        of the later tricks. Raises ``ValueError`` before the play, or while the parties
        are not known (a wedding before its partner is found)."""
        args = () if limit is None else (_count("limit", limit),)
        eyes, best, bounds = _call(self._g.solve, *args)
        return {"re_eyes": eyes, "best": list(best), "bounds": tuple(bounds)}

    def hands(self) -> List[List[str]]:
        """Every seat's hand now: what no single player sees (tests, worlds)."""
        return self._g.hands()

    def dealt(self) -> List[List[str]]:
        """Every seat's hand as dealt, before a poverty's exchange (a seat that sits out:
        an empty list): with :meth:`history`, the whole deal."""
        return self._g.dealt()

    def history(self) -> List[int]:
        """The ids of the actions taken so far, in order."""
        return self._g.history()

    def clone(self) -> "Game":
        """An independent copy."""
        g = Game(lang=self.lang, _native_game=self._g.clone())
        g._args = self._args
        return g

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.clone()

    def __reduce__(self) -> Any:
        # Pickled as the hands it was dealt and the actions taken: dealt again, replayed.
        # The hands, not the seed: a sampled world (its hands are not its seed's) comes
        # back as itself.
        variant, sets, seed, _, _, players = self._args
        return (_restore, ((variant, sets, seed, self.dealer, self.dealt(), players), self.history(), self.lang))

    def to_record(self) -> Optional[Dict[str, Any]]:
        """The finished deal as a record file's data (``variant``, ``players``, ``deal``),
        which ``doko score`` scores to :meth:`returns`; ``None`` before it is over."""
        text = self._g.to_record_json()
        return None if text is None else json.loads(text)

    def to_toml(self) -> Optional[str]:
        """The finished deal as a TOML record file."""
        return self._g.to_toml()


class VecGame:
    """``n`` deals stepped together in one native call (for batched learners). Deal ``i`` is
    ``Game(variant, seed=seed + i, dealer=dealer)``; a deal that ends is dealt again at once
    (slot ``i``'s ``k``-th deal from seed ``seed + i + k * n``), its returns given by
    :meth:`returns` after that step.

    The arrays it gives are made once and filled in place by every :meth:`step` (no Python
    object per deal): read them, or copy them to keep them; they are read-only."""

    def __init__(
        self,
        variant: str = DEFAULT_PROFILE,
        n: int = 1,
        seed: int = 0,
        *,
        set: Union[None, Mapping[str, Any], Sequence[str]] = None,
        dealer: int = 0,
    ) -> None:
        _count("n", n)
        _count("seed", seed)
        _count("dealer", dealer)
        self._v = _call(_native.VecGame, variant, n, seed, _sets(set), dealer)
        self.n = self._v.n
        self.seats = self._v.seats
        self.observation_size = self._v.observation_size
        self.num_actions = self._v.num_actions
        obs, mask, players, dones, returns, chosen = self._v.buffers()

        def view(buffer: Any, dtype: str, *shape: int) -> "np.ndarray":
            a = np.frombuffer(buffer, dtype=dtype).reshape(shape)
            a.flags.writeable = False
            return a

        self._obs = view(obs, "<f4", self.n, self.observation_size)
        self._mask = view(mask, np.uint8, self.n, self.num_actions)
        self._players = view(players, "<i8", self.n)
        self._dones = view(dones, np.bool_, self.n)
        self._returns = view(returns, "<i8", self.n, self.seats)
        self._chosen = np.frombuffer(chosen, dtype="<i8")
        self._step = self._v.step
        self._random = self._v.random_actions

    def current_players(self) -> "np.ndarray":
        """The seat to act in each deal, ``[n]`` int64."""
        return self._players

    def observations(self) -> "np.ndarray":
        """Each deal's observation for the seat to act, ``[n, observation_size]`` float32."""
        return self._obs

    def masks(self) -> "np.ndarray":
        """Each deal's legal actions for the seat to act, ``[n, num_actions]`` uint8."""
        return self._mask

    def random_actions(self) -> "np.ndarray":
        """A legal action of each deal drawn uniformly (from the batch's seed), ``[n]``
        int64, in native code: ``vec.step(vec.random_actions())`` plays a random step of
        every deal. The array is the one the next :meth:`step` reads."""
        self._random()
        return self._chosen

    def step(self, actions: Any) -> None:
        """One action in every deal (a sequence or array of ``n`` action ids); an illegal
        one raises :class:`Error` and no deal moves."""
        try:
            self._chosen[:] = actions
        except (ValueError, TypeError, OverflowError) as e:
            raise ValueError(f"give {self.n} action ids: {e}") from None
        _call(self._step)

    def dones(self) -> "np.ndarray":
        """Which deals the last step finished (and dealt again), ``[n]`` bool."""
        return self._dones

    def returns(self) -> "np.ndarray":
        """The returns of the deals the last step finished (0 elsewhere), ``[n, seats]``
        int64."""
        return self._returns


def _restore(args: Any, history: Sequence[int], lang: str) -> Game:
    variant, sets, seed, dealer, hands, players = args
    g = Game(variant, seed, dealer, hands, set=sets, players=players, lang=lang)
    for a in history:
        g.apply(a)
    return g


def observation_layout(
    variant: str = DEFAULT_PROFILE,
    set: Union[None, Mapping[str, Any], Sequence[str]] = None,
    players: Optional[Sequence[str]] = None,
) -> List[Tuple[str, int, int]]:
    """The ``(name, start, stop)`` slices of :meth:`Game.observation_vector` under
    ``variant``: they cover the vector, in order (see ``python/README.md``)."""
    return Game(variant, set=set, players=players).observation_layout()


def _frame_rows(result: Mapping[str, Any]) -> List[Dict[str, Any]]:
    rows = []
    for d in result.get("deals", []):
        for player, points in d.get("scores", {}).items():
            party = "re" if player in d.get("re", []) else ("kontra" if player in d.get("kontra", []) else None)
            rows.append(
                {
                    "deal": d.get("deal"),
                    "contract": d.get("contract"),
                    "winner": d.get("winner"),
                    "value": d.get("value"),
                    "multiplier": d.get("multiplier"),
                    "player": player,
                    "party": party,
                    "points": points,
                    "total": d.get("totals", {}).get(player),
                }
            )
    return rows


def to_pandas(result: Mapping[str, Any]) -> Any:
    """A :func:`score` result as a pandas DataFrame, one row per deal and player (pandas
    must be installed)."""
    import pandas as pd  # noqa: PLC0415

    return pd.DataFrame(_frame_rows(result))


def to_polars(result: Mapping[str, Any]) -> Any:
    """A :func:`score` result as a polars DataFrame, one row per deal and player (polars
    must be installed)."""
    import polars as pl  # noqa: PLC0415

    return pl.DataFrame(_frame_rows(result))


def env(variant: str = DEFAULT_PROFILE, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment of one deal (``pip install ./python[pettingzoo]``),
    wrapped as PettingZoo's classic games are (an illegal move ends the deal with a
    penalty, actions out of range are refused, the order of calls is enforced)."""
    from .pettingzoo import wrapped  # noqa: PLC0415

    return wrapped(variant=variant, **kwargs)


def arena(agents: Sequence[Any], deals: int, seed: int = 0, variant: str = DEFAULT_PROFILE, archive: Any = None) -> Dict[str, Any]:
    """Duplicate deals with the agents rotated through the seats (:func:`doko.agents.arena`)."""
    from .agents import arena as play  # noqa: PLC0415

    return play(agents, deals, seed=seed, variant=variant, archive=archive)


def raw_env(variant: str = DEFAULT_PROFILE, **kwargs: Any) -> Any:
    """The bare PettingZoo AEC environment (:class:`doko.pettingzoo.DokoEnv`)."""
    from .pettingzoo import DokoEnv  # noqa: PLC0415

    return DokoEnv(variant=variant, **kwargs)
