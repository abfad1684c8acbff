"""Type stubs of the native module (the engine, built with PyO3). Use the `doko` package's
functions; these are its building blocks."""

from typing import Any, Dict, Iterator, List, Optional, Sequence

class NativeError(Exception):
    """An engine error: its text is a JSON object (file, line, deal, trick, field,
    message)."""

def score(
    path: Optional[str] = None,
    text: Optional[str] = None,
    name: str = "<text>",
    format: Optional[str] = None,
    variant: Optional[str] = None,
    sets: Sequence[str] = ...,
    lang: str = "en",
    summary: bool = False,
    jobs: int = 0,
    continues: bool = False,
) -> str: ...
def compare(
    variants: Sequence[str],
    path: Optional[str] = None,
    text: Optional[str] = None,
    name: str = "<text>",
    format: Optional[str] = None,
    sets: Sequence[str] = ...,
    lang: str = "en",
    summary: bool = False,
    jobs: int = 0,
) -> str: ...
def iter_scores(
    path: Optional[str] = None,
    text: Optional[str] = None,
    name: str = "<text>",
    format: Optional[str] = None,
    variant: Optional[str] = None,
    sets: Sequence[str] = ...,
    lang: str = "en",
    rules: bool = False,
    jobs: int = 1,
    continues: bool = False,
) -> Iterator[List[Dict[str, Any]]]: ...
def score_arrow(
    data: Any,
    name: str = "<arrow>",
    variant: Optional[str] = None,
    sets: Sequence[str] = ...,
    lang: str = "en",
    summary: bool = False,
    rows: int = 65536,
    jobs: int = 1,
    continues: bool = False,
) -> Any: ...
def profile_names() -> List[str]: ...
def profile(name: str, sets: Sequence[str] = ..., lang: str = "en") -> str: ...
def merge_refusal(variant: str, part: int, lang: str = "en") -> str: ...

class Generated(Iterator[str]):
    def __iter__(self) -> "Generated": ...
    def __next__(self) -> str: ...

DEFAULT_PROFILE: str

def generate(
    n: int,
    seed: int = 0,
    variant: Optional[str] = None,
    sets: Sequence[str] = ...,
    players: Optional[Sequence[str]] = None,
    lang: str = "en",
) -> Generated: ...

class Game:
    def __init__(
        self,
        variant: Optional[str] = None,
        sets: Sequence[str] = ...,
        seed: int = 0,
        dealer: int = 0,
        hands: Optional[Sequence[Sequence[str]]] = None,
        players: Optional[Sequence[str]] = None,
        lang: str = "en",
    ) -> None: ...
    @property
    def current_player(self) -> Optional[int]: ...
    @property
    def players(self) -> List[str]: ...
    @property
    def variant(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    def legal_actions(self) -> List[int]: ...
    def action_name(self, id: int) -> str: ...
    @property
    def lang(self) -> str: ...
    def apply(self, action: int, lang: Optional[str] = None) -> None: ...
    def undo(self) -> bool: ...
    def is_over(self) -> bool: ...
    def returns(self) -> Optional[List[int]]: ...
    def observation_json(self, player: int) -> str: ...
    def observation_vector(self, player: int) -> List[float]: ...
    def clone(self) -> "Game": ...
    def to_toml(self) -> Optional[str]: ...
    def to_record_json(self) -> Optional[str]: ...
