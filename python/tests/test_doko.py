"""The Python package against the `doko` command: the same documents, the same errors, and
deals played through `doko.Game` that the command scores to the game's own returns.

The command is `$DOKO_BIN`, else `doko` on the PATH, else the repository's
`target/release/doko` or `target/debug/doko` (build it with `cargo build --release`).
`DOKO_GAMES` sets the random deals per profile (1,000 by default).
"""

from __future__ import annotations

import copy
import json
import pickle
import os
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import doko

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
LANGS = ["en", "de", "ja"]
# The profile an example is scored under (the others name their own or are the DDV's).
EXAMPLE_VARIANT = {"kloepper.csv": "kloepper"}


def doko_bin() -> str:
    found = os.environ.get("DOKO_BIN") or shutil.which("doko")
    if found:
        return found
    for build in ("release", "debug"):
        path = ROOT / "target" / build / "doko"
        if path.exists():
            return str(path)
    pytest.skip("no doko command: cargo build --release, or set DOKO_BIN")


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([doko_bin(), *args], capture_output=True, text=True, check=False)


def cli_json(*args: str):
    out = cli(*args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in {".csv", ".toml", ".json", ".jsonl"}))
def test_every_example_scores_as_the_command(example: str, lang: str) -> None:
    path = EXAMPLES / example
    variant = EXAMPLE_VARIANT.get(example)
    args = ["--lang", lang, "score", str(path), "--format", "json"]
    if variant:
        args += ["--variant", variant]
    assert doko.score(path, variant=variant, lang=lang) == cli_json(*args)
    # The same from its text, and from the path as a string.
    assert doko.score(str(path), variant=variant, lang=lang) == cli_json(*args)
    text = path.read_text(encoding="utf-8")
    fmt = path.suffix.lstrip(".")
    assert doko.score(text, variant=variant, format=fmt, lang=lang)["totals"] == cli_json(*args)["totals"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_file_raises_its_place_in_the_language_asked(tmp_path: Path, lang: str) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("deal,game,Anna,Ben,Cara,Dirk,re_points\n1,normal,re,kontra,re,kontra,300\n")
    with pytest.raises(doko.Error) as caught:
        doko.score(bad, lang=lang)
    e = caught.value
    assert (e.file, e.line, e.deal, e.field) == (str(bad), 2, 1, "re_points")
    said = cli("--lang", lang, "score", str(bad))
    assert said.returncode == 1
    # The command's line is the same message after its "doko: error:" prefix.
    assert e.message in said.stderr
    if lang == "de":
        assert "Augen" in e.message
    if lang == "ja":
        assert "ディール" in e.message


def test_a_document_nested_too_deep_raises_and_the_interpreter_lives(tmp_path: Path) -> None:
    # Issue 65: 50,000 levels overflowed the engine's stack and took the interpreter down.
    header = 'variant = "ddv"\nplayers = ["A", "B", "C", "D"]\n'
    for deep in ["[" * 50_000 + "]" * 50_000, "{a = " * 50_000 + "1" + "}" * 50_000]:
        with pytest.raises(doko.Error) as caught:
            doko.score(header + "x = " + deep + "\n", format="toml")
        assert caught.value.line == 3
        assert "nested 50000 deep (at most 64)" in caught.value.message
    path = tmp_path / "deep.toml"
    path.write_text(header + "x = " + "[" * 3000 + "]" * 3000 + "\n")
    with pytest.raises(doko.Error) as caught:
        doko.score(path, lang="de")
    assert "3000 Ebenen tief verschachtelt (höchstens 64)" in caught.value.message
    with pytest.raises(doko.Error):
        doko.score(EXAMPLES / "evening.csv", set=["deck.x=" + "[" * 5000 + "]" * 5000])


def test_a_missing_file_and_a_bad_profile_raise() -> None:
    with pytest.raises(doko.Error) as caught:
        doko.score(ROOT / "no-such-file.csv")
    assert caught.value.file == str(ROOT / "no-such-file.csv")
    with pytest.raises(doko.Error):
        doko.score(EXAMPLES / "evening.csv", variant="no-such-profile")
    with pytest.raises(doko.Error):
        doko.Game("ddv", dealer=9)


def test_compare_summary_and_records_as_the_command(tmp_path: Path) -> None:
    evening = EXAMPLES / "evening.csv"
    assert doko.compare(evening, ["ddv", "ja-online"]) == cli_json(
        "compare", str(evening), "--variants", "ddv,ja-online", "--format", "json"
    )
    archive = tmp_path / "deals.jsonl"
    rows = list(doko.generate(300, seed=4))
    archive.write_text("".join(json.dumps(r) + "\n" for r in rows))
    # generate() writes what `doko generate` writes.
    generated = cli("generate", "--deals", "300", "--seed", "4", "--format", "jsonl")
    assert [json.loads(l) for l in generated.stdout.splitlines()] == rows
    assert doko.summary(archive, jobs=1) == cli_json(
        "score", str(archive), "--summary", "--format", "json", "--jobs", "1"
    )
    assert doko.score(rows) == cli_json("score", str(archive), "--format", "json")
    assert doko.compare(archive, ["ddv", "ja-classic"], summary=True) == cli_json(
        "compare", str(archive), "--variants", "ddv,ja-classic", "--summary", "--format", "json"
    )
    # A name that cannot be written in a full deal is refused, as by `doko generate`.
    with pytest.raises(doko.Error) as caught:
        doko.generate(1, players=["Ann Lee", "Ben", "Cara", "Dirk"])
    assert "Ann Lee" in str(caught.value)
    with pytest.raises(doko.Error):
        doko.Game("ddv", players=["Ann", "Ben", "Cara", "D;d"])


def test_profiles_and_their_keys() -> None:
    names = doko.profiles()
    assert {"ddv", "ja-wiki", "kloepper"} <= set(names)
    ddv = doko.profile("ddv", {"league.deals": 16})
    assert ddv["name"] == "ddv"
    assert ddv["keys"]["league.deals"] == 16
    assert doko.profile("ddv")["keys"]["league.deals"] == 24
    with pytest.raises(doko.Error):
        doko.profile("ddv", {"no.such_key": 1})


def random_game(variant: str, seed: int, rnd: random.Random) -> doko.Game:
    """Plays a deal with a random legal action each step; now and then an action that is
    not legal must be refused with a reason, changing nothing."""
    game = doko.Game(variant, seed=seed, dealer=seed % 4)
    while not game.is_over():
        legal = game.legal_actions()
        assert legal, f"{variant} {seed}: no action"
        if rnd.random() < 0.1:
            illegal = [a for a in range(game.num_actions) if a not in legal]
            if illegal:
                before = (game.current_player, legal)
                with pytest.raises(doko.Error) as caught:
                    game.apply(rnd.choice(illegal))
                assert caught.value.message
                assert (game.current_player, game.legal_actions()) == before
        # The rarer games (a poverty, a redeal, a wedding) where offered, more often than by
        # chance; healthy or passing half the time; else any action.
        names = {a: game.action_name(a) for a in legal}
        special = [a for a in legal if any(w in names[a] for w in ("poverty", "redeal", "wedding"))]
        plain = [a for a in legal if names[a] in ("healthy", "pass")]
        if special and rnd.random() < 0.6:
            game.apply(rnd.choice(special))
        elif plain and rnd.random() < 0.5:
            game.apply(rnd.choice(plain))
        else:
            game.apply(rnd.choice(legal))
    return game


@pytest.mark.parametrize("variant", doko.profiles())
def test_games_score_as_their_records(tmp_path: Path, variant: str) -> None:
    count = int(os.environ.get("DOKO_GAMES", "1000"))
    rnd = random.Random(variant)
    games = [random_game(variant, seed, rnd) for seed in range(count)]

    def check(k: int) -> None:
        game = games[k]
        # Every other deal written as its record's data in a JSON file (to_record), the
        # rest as TOML (to_toml): the command reads both.
        if k % 2:
            path = tmp_path / f"{k}.json"
            path.write_text(json.dumps(game.to_record()), encoding="utf-8")
        else:
            path = tmp_path / f"{k}.toml"
            path.write_text(game.to_toml(), encoding="utf-8")
        scored = cli_json("score", str(path), "--format", "json")
        by_seat = [scored["deals"][0]["scores"][p] for p in game.players]
        assert by_seat == game.returns(), game.to_toml()

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(check, range(count)))
    record = games[0].to_record()
    assert record["players"] == games[0].players
    assert len(record["deal"]) == 1


def test_an_action_the_rules_refuse_raises_in_the_games_language() -> None:
    # The step calls go straight to the engine (issue 64); its refusals are doko.Error all
    # the same, in the language the game was made in or set to later, and change nothing.
    game = doko.Game("ddv", seed=11)
    taken = game.history()
    bid = game.legal_actions()[0]
    card = 0  # a card is no statement
    with pytest.raises(doko.Error) as caught:
        game.apply(card)
    english = caught.value.message
    assert game.history() == taken
    game.lang = "de"
    with pytest.raises(doko.Error) as caught:
        game.apply(card)
    assert caught.value.message != english
    german = doko.Game("ddv", seed=11, lang="de")
    with pytest.raises(doko.Error) as caught:
        german.apply(card)
    assert caught.value.message != english
    game.apply(bid)
    assert game.history() == [bid]


def test_the_game_step_by_step() -> None:
    game = doko.Game("ddv", seed=11)
    assert game.phase == "bidding"
    assert game.current_player == 1
    names = [game.action_name(a) for a in game.legal_actions()]
    assert "healthy" in names and "reservation" in names
    view = game.observation(1)
    assert len(view["hand"]) == 12 and view["phase"] == "bidding"
    assert len(game.observation_vector(1)) == game.observation_size
    assert np.array_equal(view["vector"], game.observation_vector(1))
    assert view["vector"].dtype == np.float32
    copy = game.clone()
    game.apply(game.legal_actions()[0])
    assert copy.observation(1)["bids"] == []
    assert game.observation(1)["bids"] == ["P2 healthy"]
    assert game.undo()
    assert game.observation(1)["bids"] == []
    assert not game.undo()
    assert game.returns() is None and game.to_record() is None
    # Hands given: a game from them.
    hands = [copy.observation(s)["hand"] for s in range(4)]
    again = doko.Game("ddv", seed=99, hands=hands)
    assert again.observation(2)["hand"] == hands[2]
    with pytest.raises(doko.Error):
        doko.Game("ddv", hands=[hands[0]] * 4)


@pytest.mark.parametrize("seats", [6, 7])
def test_a_table_of_six_or_seven_seats_the_dealer_and_across_out(tmp_path: Path, seats: int) -> None:
    """At six the dealer and the player across sit out, at seven the dealer and the two
    across: no cards, no turn, 0 points; the command scores the record alike."""
    names = ["Anna", "Ben", "Cara", "Dirk", "Eva", "Finn", "Greta"][:seats]
    rnd = random.Random(seats)
    for seed in range(40):
        dealer = seed % seats
        game = doko.Game("ddv", seed=seed, dealer=dealer, players=names)
        across = {seats // 2} if seats == 6 else {3, 4}
        out = {dealer} | {(dealer + k) % seats for k in across}
        assert game.observation(0)["dealer"] == dealer
        for s in range(seats):
            assert (game.observation(s)["hand"] == []) == (s in out), (seed, s)
        while not game.is_over():
            assert game.current_player not in out
            game.apply(rnd.choice(game.legal_actions()))
        returns = game.returns()
        assert all(returns[s] == 0 for s in out)
        path = tmp_path / f"{seats}-{seed}.toml"
        path.write_text(game.to_toml(), encoding="utf-8")
        scored = cli_json("score", str(path), "--format", "json")
        assert [scored["deals"][0]["scores"][p] for p in names] == returns


def test_the_observation_names_each_calls_party() -> None:
    """A call is said for a party ("Re, keine 90"): the observation names it, also where the
    word (`no90`) does not."""
    rnd = random.Random(5)
    seen = 0
    for seed in range(40):
        game = doko.Game("ddv", seed=seed)
        while not game.is_over():
            legal = game.legal_actions()
            names = [game.action_name(a) for a in legal]
            jumps = [a for a, n in zip(legal, names) if n in ("call no90", "call no60")]
            if "healthy" in names:
                game.apply(legal[names.index("healthy")])
            else:
                game.apply(rnd.choice(jumps) if jumps and rnd.random() < 0.3 else rnd.choice(legal))
        view = game.observation(0)
        assert len(view["call_parties"]) == len(view["calls"])
        deal = game.to_record()["deal"][0]
        if deal.get("contract", "normal") != "normal":
            continue
        for text, party in zip(view["calls"], view["call_parties"]):
            # A normal game's Re players are those dealt a club queen.
            who = text.split()[0]
            assert party == ("re" if "CQ" in deal["hands"][who].split() else "kontra"), text
            seen += 1
    assert seen > 20


def test_no_call_is_offered_that_the_party_has_made_already() -> None:
    """Issue 64: under ddv and ja-classic, 300 random deals each, every call offered says
    something new for the caller's party (a partner was offered the Re her partner had
    said, in 284 of 300 deals), and a call the party made already is refused with
    doko.Error and changes nothing."""
    level = {"re": 0, "kontra": 0, "no90": 1, "no60": 2, "no30": 3, "schwarz": 4}
    for variant in ["ddv", "ja-classic"]:
        rnd = random.Random(64)
        offered = refused = 0
        ids: dict = {}
        for seed in range(300):
            game = doko.Game(variant, seed=seed, dealer=seed % 4)
            if not ids:
                for a in range(game.num_actions):
                    try:
                        name = game.action_name(a)
                    except doko.Error:
                        continue
                    if name.startswith("call ") and name.split()[1] in level:
                        ids[a] = level[name.split()[1]]
            while not game.is_over():
                legal = game.legal_actions()
                calls = [a for a in legal if a in ids]
                if calls:
                    seat = game.current_player
                    view = game.observation(seat)
                    party = view["party"]
                    made = [
                        level[text.split()[1]]
                        for text, said_for in zip(view["calls"], view["call_parties"])
                        if said_for == party and text.split()[1] in level
                    ]
                    highest = max(made, default=-1)
                    for a in calls:
                        assert ids[a] > highest, (variant, seed, view["calls"], game.action_name(a))
                    offered += len(calls)
                    again = [a for a, lv in ids.items() if lv == highest and a not in legal]
                    if again:
                        before = game.history()
                        with pytest.raises(doko.Error):
                            game.apply(again[0])
                        assert game.history() == before
                        refused += 1
                # Calls a third of the time where offered, so that parties make them.
                pick = rnd.choice(calls) if calls and rnd.random() < 0.3 else rnd.choice(legal)
                game.apply(pick)
        assert offered > 300 and refused > 30, (variant, offered, refused)


def test_frames_one_row_per_deal_and_player() -> None:
    """pandas and polars come with the `test` extra: both frames are built and checked."""
    pandas = pytest.importorskip("pandas")
    polars = pytest.importorskip("polars")
    result = doko.score(EXAMPLES / "evening.csv")
    frame = doko.to_pandas(result)
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == 4 * len(result["deals"])
    assert frame.groupby("player")["points"].sum().to_dict() == result["totals"]
    last = frame[frame["deal"] == result["deals"][-1]["deal"]]
    assert dict(zip(last["player"], last["total"])) == result["totals"]
    other = doko.to_polars(result)
    assert isinstance(other, polars.DataFrame)
    assert other.height == len(frame)
    assert set(other.columns) == set(frame.columns)


@pytest.mark.parametrize("variant", ["ddv", "ja-wiki", "kloepper"])
def test_the_pettingzoo_environment_passes_its_api_test(variant: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    env = doko.env(variant)
    api_test(env, num_cycles=500, verbose_progress=False)
    # A whole deal: the rewards are the game points.
    env.reset(seed=3)
    rnd = random.Random(3)
    total = {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        total[agent] += reward
        if done or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(rnd.choice([i for i, m in enumerate(mask) if m]))
    assert list(total.values()) == env.game.returns()


def test_a_poverty_nobody_accepts_is_thrown_in() -> None:
    """The players decide a poverty's exchange: asked in turn they accept or decline; where
    everyone declines, the hands are thrown in (worth nothing, scored so by the command)."""
    rnd = random.Random(49)
    for seed in range(3000):
        game = doko.Game("ja-classic", seed=seed, dealer=3)
        while game.phase == "bidding":
            names = {game.action_name(a): a for a in game.legal_actions()}
            pick = next((names[w] for w in ("poverty", "reservation") if w in names), None)
            if pick is None or rnd.random() < 0.5 and "healthy" in names:
                pick = names.get("healthy", names.get("pass", game.legal_actions()[0]))
            game.apply(pick)
        if game.phase != "exchange":
            continue
        names = {game.action_name(a): a for a in game.legal_actions()}
        assert "decline" in names
        while game.phase == "exchange":
            game.apply(names["decline"])
        assert game.is_over() and game.returns() == [0, 0, 0, 0]
        record = game.to_record()["deal"][0]
        # Issue 64: a poverty nobody accepts is recorded as the redeal it is.
        assert record["contract"] == "redeal" and not record.get("tricks")
        assert "accepted_by" not in record
        return
    pytest.fail("no poverty named in 3000 deals")


def test_a_refused_seed_leaves_the_env_as_it_was() -> None:
    """Issue 50: a seed beyond 64 bits is refused, and the env still resets (unseeded and
    seeded) afterwards."""
    pytest.importorskip("pettingzoo")
    env = doko.raw_env("ddv")
    env.reset(seed=5)
    for bad in (2**64, -1, 1.5, "7"):
        with pytest.raises(ValueError):
            env.reset(seed=bad)
    assert env._seed == 5
    env.reset()
    env.reset(seed=2**64 - 1)
    assert env._seed == 2**64 - 1
    env.reset()
    assert env.game is not None and not env.game.is_over()


def test_jobs_beyond_the_bound_are_refused_at_once(tmp_path: Path) -> None:
    """Issue 50: ``jobs=2**63`` is refused (at most 256 threads), not started."""
    archive = tmp_path / "a.csv"
    archive.write_text(cli("generate", "--deals", "20", "--seed", "1").stdout)
    for call in (doko.summary, doko.score):
        with pytest.raises(doko.Error, match="at most 256"):
            call(str(archive), jobs=2**63)
    with pytest.raises(doko.Error, match="at most 256"):
        doko.compare(str(archive), ["ddv", "ja-online"], jobs=257)
    assert doko.summary(str(archive), jobs=256)["deals"] == 20


def test_compare_answers_a_deal_one_profile_lacks_as_the_command(tmp_path: Path) -> None:
    """Issue 51: the command and the package call one entry: a solo that one profile does
    not play is that profile's column saying so, in both (the package raised before)."""
    sheet = tmp_path / "kings.csv"
    sheet.write_text("Anna,Ben,Cara,Dirk,game,re_points\nre,kontra,kontra,kontra,solo-kings,130\n")
    got = doko.compare(str(sheet), ["ddv", "house-solos"])
    want = cli_json("compare", str(sheet), "--variants", "ddv,house-solos", "--format", "json")
    assert got == want
    assert "not played under profile ddv" in got["deals"][0]["results"]["ddv"]["error"]


# ---- issue 53: the research environment ------------------------------------------------


@pytest.mark.parametrize("variant", doko.profiles())
def test_the_layout_covers_the_vector(variant: str) -> None:
    """The named slices cover the vector in order, and name the parts that say who did
    what (the seat, the dealer, every trick's leader and winner, the calls, the eyes)."""
    layout = doko.observation_layout(variant)
    game = doko.Game(variant, seed=1)
    assert layout[0][1] == 0 and layout[-1][2] == game.observation_size
    for (_, _, stop), (_, start, _) in zip(layout, layout[1:]):
        assert stop == start
    names = [name for name, _, _ in layout]
    assert len(set(names)) == len(names)
    for part in ("seat", "dealer", "trick_leaders", "trick_winners", "trick_cards", "calls", "eyes"):
        assert part in names
    v = game.observation_vector(0)
    assert isinstance(v, np.ndarray) and v.dtype == np.float32 and v.shape == (game.observation_size,)


def _positions(variant: str, deals: int, seed: int):
    """Every (seat, observation without its vector, vector) of random play."""
    rnd = random.Random(seed)
    for d in range(deals):
        game = doko.Game(variant, seed=seed * 1000 + d, dealer=d % len(doko.Game(variant).players))
        while True:
            for s in range(len(game.players)):
                view = game.observation(s)
                vector = view.pop("vector")
                yield s, json.dumps(view, sort_keys=True), vector.tobytes()
            if game.is_over():
                break
            game.apply(rnd.choice(game.legal_actions()))


@pytest.mark.parametrize("variant", doko.profiles())
def test_equal_observations_give_equal_vectors_and_back(variant: str) -> None:
    """Over random play the vector says exactly what the observation says: equal
    observations give equal vectors, and equal vectors come from equal observations."""
    by_view: dict = {}
    by_vector: dict = {}
    for _, view, vector in _positions(variant, 30, 7):
        assert by_view.setdefault(view, vector) == vector, "one observation, two vectors"
        assert by_vector.setdefault(vector, view) == view, "one vector, two observations"
    assert len(by_view) > 1000


def test_the_vector_says_who_called() -> None:
    """Two different players calling give different vectors: the calls slice holds the
    caller's seat and the trick of the call."""
    layout = {name: (a, b) for name, a, b in doko.observation_layout("ddv")}
    a, b = layout["calls"]
    seen = set()
    for seed in range(200):
        game = doko.Game("ddv", seed=seed, dealer=seed % 4)
        while game.phase != "playing":
            names = {game.action_name(x): x for x in game.legal_actions()}
            game.apply(names.get("healthy", game.legal_actions()[0]))
        caller = game.current_player
        calls = [x for x in game.legal_actions() if game.action_name(x).startswith("call")]
        if not calls:
            continue
        game.apply(calls[0])
        v = game.observation_vector(0)[a:b].reshape(len(game.players), 6)
        row = (caller - 0) % len(game.players)
        assert v[row].max() == pytest.approx(1 / 12)
        assert v.sum() == pytest.approx(1 / 12)
        seen.add(caller)
        if len(seen) == 4:
            break
    assert len(seen) >= 2


def test_games_pickle_and_copy_independently() -> None:
    """pickle and copy give independent games; history() lists the actions taken."""
    rnd = random.Random(3)
    game = doko.Game("ddv", seed=11, dealer=2)
    for _ in range(30):
        game.apply(rnd.choice(game.legal_actions()))
    history = game.history()
    assert len(history) == 30
    for other in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game), game.clone()):
        assert other.history() == history
        assert np.array_equal(other.observation_vector(1), game.observation_vector(1))
        other.apply(other.legal_actions()[0])
        assert game.history() == history
    assert game.dealer == 2


def test_undo_costs_the_same_at_any_depth() -> None:
    """undo() takes back from a copy kept every few actions, not from the deal's start."""
    import time

    def cost(depth: int) -> float:
        rnd = random.Random(depth)
        game = doko.Game("ddv", seed=5)
        for _ in range(depth):
            game.apply(rnd.choice(game.legal_actions()))
        start = time.perf_counter()
        for _ in range(200):
            a = game.legal_actions()[0]
            game.apply(a)
            game.undo()
        return time.perf_counter() - start

    shallow = min(cost(4) for _ in range(3))
    deep = min(cost(44) for _ in range(3))
    assert deep < shallow * 4, (shallow, deep)


def test_unseeded_envs_differ_and_the_dealer_rotates() -> None:
    pytest.importorskip("pettingzoo")
    a, b = doko.raw_env("ddv"), doko.raw_env("ddv")
    a.reset()
    b.reset()
    assert a._seed != b._seed
    dealers = []
    for _ in range(5):
        a.reset()
        dealers.append(a.game.dealer)
    assert dealers == [(dealers[0] + k) % 4 for k in range(5)]
    fixed = doko.raw_env("ddv", dealer=2)
    for _ in range(3):
        fixed.reset()
        assert fixed.game.dealer == 2
    wiki = doko.raw_env("ja-wiki")
    wiki.reset(seed=1)
    wiki.reset()
    assert wiki.game.dealer == 1
    # The same seed, the same deal.
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game.history() == b.game.history() == []
    assert np.array_equal(a.game.observation_vector(0), doko.Game("ddv", seed=9, dealer=a.game.dealer).observation_vector(0))


def test_the_env_says_its_utility_and_its_state() -> None:
    pytest.importorskip("pettingzoo")
    assert doko.raw_env("ddv").utility == "zero-sum"
    assert doko.raw_env("kloepper").utility == "general-sum"
    env = doko.env("ddv")
    env.reset(seed=2)
    assert env.unwrapped.metadata["utility"] == "zero-sum"
    state = env.unwrapped.state()
    assert state.dtype == np.float32 and state.shape == (4 * env.unwrapped.game.observation_size,)


def test_the_rule_based_agent_beats_random_on_duplicate_deals(tmp_path: Path) -> None:
    """Over 2,000 duplicate deals (each played four times, the agents rotated through the
    seats) the rule-based baseline wins clearly; the deals played are an archive that the
    command scores to the same points and rates."""
    from doko.agents import Random, RuleBased

    archive = tmp_path / "arena.jsonl"
    result = doko.arena([RuleBased(), Random(1), RuleBased(), Random(2)], 2000, seed=1, archive=archive)
    by = {a["agent"]: a for a in result["agents"]}
    worst_rule = min(by["rule-based-1"]["ci95"][0], by["rule-based-3"]["ci95"][0])
    best_random = max(by["random-2"]["ci95"][1], by["random-4"]["ci95"][1])
    assert worst_rule > best_random, result
    assert sum(a["mean"] for a in result["agents"]) == pytest.approx(0.0)
    # The archive: 8,000 deals, the points of each agent its mean a deal times the turns.
    done = subprocess.run(
        [doko_bin(), "score", str(archive), "--summary", "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    summary = json.loads(done.stdout)
    assert summary["deals"] == 8000
    points = {name: p["points"] for name, p in summary["players"].items()}
    for name, a in by.items():
        assert points[name] == pytest.approx(a["mean"] * 4 * 2000)
    # The same deals as one record file: rated per agent.
    records = tmp_path / "arena.json"
    again = doko.arena([RuleBased(), Random(1), RuleBased(), Random(2)], 50, seed=1, archive=records)
    assert again["agents"][0]["deals"] == 50
    rated = subprocess.run(
        [doko_bin(), "stats", str(records), "--rating", "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    assert "rule-based-1" in rated.stdout and "random-2" in rated.stdout


def test_the_arena_wants_an_agent_a_seat() -> None:
    from doko.agents import Random

    with pytest.raises(ValueError):
        doko.arena([Random(1), Random(2)], 1)


@pytest.mark.parametrize("variant", doko.profiles())
def test_vecgame_equals_independent_games_step_for_step(variant: str) -> None:
    """1,000 deals through VecGame (40 at once) and through independent Games: the same
    observations, masks, ends and returns at every step."""
    n, seed = 40, 7
    vec = doko.VecGame(variant, n, seed)
    games = [doko.Game(variant, seed=seed + i) for i in range(n)]
    dealt = [0] * n
    rnd = random.Random(1)
    finished = 0
    while finished < 1000:
        obs, masks = vec.observations(), vec.masks()
        actions = []
        for i, g in enumerate(games):
            p = g.current_player
            assert vec.current_players()[i] == p
            assert np.array_equal(obs[i], g.observation_vector(p))
            legal = g.legal_actions()
            assert sorted(np.flatnonzero(masks[i]).tolist()) == sorted(legal)
            actions.append(rnd.choice(legal))
        vec.step(actions)
        dones, returns = vec.dones(), vec.returns()
        for i, g in enumerate(games):
            g.apply(actions[i])
            assert dones[i] == g.is_over()
            if g.is_over():
                assert returns[i].tolist() == g.returns()
                finished += 1
                dealt[i] += 1
                games[i] = doko.Game(variant, seed=seed + i + dealt[i] * n)
    with pytest.raises(doko.Error):
        vec.step([10**6] * n)


@pytest.mark.parametrize("variant", doko.profiles())
def test_every_sampled_world_is_consistent_with_the_seat(variant: str) -> None:
    """Worlds sampled for a seat at random points of random deals: the seat's observation
    is the same in the world; the other hands vary from world to world; her own do not."""
    rnd = random.Random(5)
    checked = varied = 0
    for d in range(12):
        game = doko.Game(variant, seed=100 + d, dealer=d % 4)
        stop = rnd.randrange(1, 16)
        while not game.is_over() and len(game.history()) < stop:
            game.apply(rnd.choice(game.legal_actions()))
        seat = rnd.randrange(len(game.players))
        seen = game.observation(seat)
        seen.pop("vector")
        others = set()
        for k in range(6):
            world = game.sample_world(seat, seed=k)
            view = world.observation(seat)
            view.pop("vector")
            assert view == seen, (variant, d, k)
            assert world.hands()[seat] == game.hands()[seat]
            others.add(tuple(tuple(h) for s, h in enumerate(world.hands()) if s != seat))
            checked += 1
        varied += len(others) > 1
        assert game.sample_world(seat, seed=3).hands() == game.sample_world(seat, seed=3).hands()
    assert checked == 72 and varied >= 6


@pytest.mark.parametrize("variant,name", [("ddv", "python_doko"), ("ja-wiki", "python_doko"), ("kloepper", "python_doko_general_sum")])
def test_openspiels_random_simulation_test_passes(variant: str, name: str) -> None:
    """doko as an OpenSpiel game: pyspiel's own random simulation test passes; a profile
    of the wrong utility is refused."""
    pyspiel = pytest.importorskip("pyspiel")
    import doko.openspiel

    doko.openspiel.register()
    game = pyspiel.load_game(f"{name}(variant={variant})")
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(7)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    dealt = doko.Game(variant, dealer=0, hands=state.doko.dealt())
    assert np.array_equal(
        np.asarray(state.observation_tensor(state.current_player()), dtype=np.float32),
        dealt.observation_vector(state.current_player()),
    )
    with pytest.raises(Exception):
        pyspiel.load_game(f"python_doko(variant=kloepper)")


def test_one_learner_against_given_players() -> None:
    """The single-agent Gymnasium wrapper passes Gymnasium's checker; a deal played
    through it ends with the learner's points as the reward."""
    pytest.importorskip("pettingzoo")
    from gymnasium.utils.env_checker import check_env

    from doko.agents import Random
    from doko.pettingzoo import SingleAgentEnv

    env = SingleAgentEnv("ddv", seat=2, opponents=[Random(1), Random(2), Random(3)])
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=4)
    rnd = random.Random(4)
    done, total = False, 0.0
    while not done:
        assert env.game.current_player == 2
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, _, _ = env.step(int(rnd.choice(legal)))
        total += reward
    assert total == env.game.returns()[2]
    with pytest.raises(ValueError):
        SingleAgentEnv("ddv", opponents=[Random(1)])


# ---- issue 54: archives at scale --------------------------------------------------------


def _without_rules(deals):
    return [{**d, "items": [{k: v for k, v in i.items() if k != "rule"} for i in d["items"]]} for d in deals]


@pytest.mark.parametrize("example", ["evening.csv", "records.toml", "five-players.csv", "archive.csv"])
def test_iter_scores_equals_score_on_the_examples(example: str) -> None:
    path = EXAMPLES / example
    whole = doko.score(path)
    assert list(doko.iter_scores(path, rules=True)) == whole["deals"]
    assert list(doko.iter_scores(path)) == _without_rules(whole["deals"])


def _arrow_rows(batches) -> list:
    """The rows of score_arrow's record batches as dicts."""
    pa = pytest.importorskip("pyarrow")
    return pa.Table.from_batches(list(batches)).to_pylist() if batches else []


def _as_sheet_rows(document: dict) -> list:
    """doko.score's deals as the rows of ``doko score --format csv`` (and score_arrow)."""
    players = document["players"]
    out = []
    for d in document["deals"]:
        row = {"deal": d["deal"], "contract": d["contract"], "re": " ".join(d["re"]), "kontra": " ".join(d["kontra"]),
               "re_eyes": d["eyes"]["re"], "kontra_eyes": d["eyes"]["kontra"], "winner": d["winner"],
               "value": d["value"], "multiplier": d["multiplier"]}
        row.update({p: d["scores"][p] for p in players})
        row.update({f"{p}_total": d["totals"][p] for p in players})
        row["note"] = d.get("note")
        out.append(row)
    return out


def _arrow_inputs(path: Path):
    """An archive's CSV as Arrow inputs: a pyarrow Table (every column text), the same in
    batches of 1,000 through a RecordBatchReader, and a polars DataFrame (string views)."""
    pa = pytest.importorskip("pyarrow")
    pcsv = pytest.importorskip("pyarrow.csv")
    pl = pytest.importorskip("polars")
    names = path.read_text().splitlines()[0].split(",")
    table = pcsv.read_csv(path, convert_options=pcsv.ConvertOptions(column_types={n: pa.string() for n in names}))
    reader = pa.RecordBatchReader.from_batches(table.schema, table.to_batches(max_chunksize=1000))
    frame = pl.read_csv(path, infer_schema=False)
    return {"pyarrow": table, "batches": reader, "polars": frame}


@pytest.mark.parametrize("variant", doko.profiles())
def test_iter_scores_and_score_arrow_equal_score_on_generated_deals(variant: str, tmp_path: Path) -> None:
    """10,000 generated deals of each built-in profile: iter_scores gives score's deals;
    score_arrow (pyarrow, batches, polars) gives the rows of its sheet and its summary."""
    archive = tmp_path / "deals.csv"
    subprocess.run([doko_bin(), "generate", "--deals", "10000", "--seed", "3", "--variant", variant, "--quiet"],
                   stdout=archive.open("w"), check=True)
    whole = doko.score(archive, variant=variant)
    assert list(doko.iter_scores(archive, variant=variant, rules=True)) == whole["deals"]
    want = _as_sheet_rows(whole)
    summary = doko.summary(archive, variant=variant)
    for kind, data in _arrow_inputs(archive).items():
        got = _arrow_rows(doko.score_arrow(data, variant=variant, rows=4096, jobs=2))
        assert got == want, kind
    assert doko.score_arrow(_arrow_inputs(archive)["polars"], variant=variant, summary=True) == summary


def test_score_arrow_equals_score_on_the_example_archive() -> None:
    """examples/archive.csv (two evenings under house-bock) from Arrow as from the file:
    text columns, lists (players, tricks), a dictionary (contract), nulls and numbers."""
    pa = pytest.importorskip("pyarrow")
    pc = pytest.importorskip("pyarrow.compute")
    path = EXAMPLES / "archive.csv"
    want = _as_sheet_rows(doko.score(path, "house-bock"))
    table = _arrow_inputs(path)["pyarrow"]
    assert _arrow_rows(doko.score_arrow(table, "house-bock")) == want
    assert _arrow_rows(doko.score_arrow(_arrow_inputs(path)["polars"], "house-bock")) == want
    lists = table.set_column(table.column_names.index("players"), "players",
                             pc.split_pattern(table.column("players"), " "))
    lists = lists.set_column(lists.column_names.index("tricks"), "tricks",
                             pc.split_pattern(lists.column("tricks"), "|"))
    lists = lists.set_column(lists.column_names.index("contract"), "contract",
                             lists.column("contract").dictionary_encode())
    empty_as_null = pc.if_else(pc.equal(lists.column("calls"), ""), None, lists.column("calls"))
    lists = lists.set_column(lists.column_names.index("calls"), "calls", empty_as_null)
    assert _arrow_rows(doko.score_arrow(lists, "house-bock")) == want
    # Whole numbers and booleans where text was: a forced multiplier, a compulsory flag.
    n = len(table)
    numbers = table.append_column("bock", pa.array([None] * n, pa.int32()))
    assert _arrow_rows(doko.score_arrow(numbers, "house-bock")) == want
    # Sessions marked by booleans: true begins one, false and null do not.
    marks = pa.array([True if i in (0, 24) else (None if i % 2 else False) for i in range(n)])
    flags = table.set_column(table.column_names.index("session"), "session", marks)
    assert _arrow_rows(doko.score_arrow(flags, "house-bock")) == want
    unmarked = table.drop_columns(["session"])
    assert _arrow_rows(doko.score_arrow(unmarked, "house-bock")) != want
    batches = list(doko.score_arrow(table, "house-bock", rows=10))
    assert [len(b) for b in batches] == [10, 10, 10, 10, 8]
    assert batches[0].schema.field("note").type == pa.large_string()


def test_an_archive_pyarrow_wrote_scores_as_the_original(tmp_path: Path) -> None:
    """pyarrow's CSV quotes every field: the archive reads as the original, at its pace."""
    pcsv = pytest.importorskip("pyarrow.csv")
    quoted = tmp_path / "quoted.csv"
    pcsv.write_csv(_arrow_inputs(EXAMPLES / "archive.csv")["pyarrow"], quoted)
    assert quoted.read_text().startswith('"players","dealer"')
    assert doko.score(quoted, "house-bock")["deals"] == doko.score(EXAMPLES / "archive.csv", "house-bock")["deals"]


def test_score_arrow_names_what_it_cannot_read(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    table = _arrow_inputs(EXAMPLES / "archive.csv")["pyarrow"]
    with pytest.raises(doko.Error, match="Arrow stream"):
        doko.score_arrow([{"players": "A B C D"}])
    with pytest.raises(doko.Error, match="unknown column `game_id`"):
        list(doko.score_arrow(table.append_column("game_id", pa.array(range(len(table))))))
    with pytest.raises(doko.Error, match="column `bock`.*Arrow type `double`"):
        list(doko.score_arrow(table.append_column("bock", pa.array([1.0] * len(table)))))
    rows = table.to_pylist()
    rows[20]["tricks"] = "CA CA"
    got = []
    with pytest.raises(doko.Error) as bad:
        for b in doko.score_arrow(pa.Table.from_pylist(rows), "house-bock", rows=5):
            got.append(b)
    assert bad.value.deal == 21 and bad.value.field == "tricks"
    assert sum(len(b) for b in got) == 20


def test_a_list_item_is_one_value_in_arrow_as_in_json_lines() -> None:
    """Issue 65: ``['Anna Ben', 'Cara', 'Dirk', 'Eva']`` was scored as five players, and a
    list of lists was flattened without a word: both are refused, naming the column and
    the row."""
    pa = pytest.importorskip("pyarrow")
    pc = pytest.importorskip("pyarrow.compute")
    table = _arrow_inputs(EXAMPLES / "archive.csv")["pyarrow"]
    players = pc.split_pattern(table.column("players"), " ").to_pylist()
    players[3] = ["Anna Ben", *players[3][2:]]
    spaced = table.set_column(table.column_names.index("players"), "players", pa.array(players))
    with pytest.raises(doko.Error, match=r"column `players`, row 4: the list item \"Anna Ben\" holds ` `"):
        list(doko.score_arrow(spaced, "house-bock"))
    nested = table.set_column(table.column_names.index("players"), "players",
                              pa.array([[p] for p in pc.split_pattern(table.column("players"), " ").to_pylist()]))
    with pytest.raises(doko.Error, match="column `players`, row 1: a list of lists"):
        doko.score_arrow(nested, "house-bock", summary=True)


def test_iter_scores_stops_early_and_raises_where_a_deal_is_bad(tmp_path: Path) -> None:
    archive = tmp_path / "deals.jsonl"
    rows = list(doko.generate(50, seed=1))
    rows[30]["tricks"][0] = "XX " + rows[30]["tricks"][0]
    archive.write_text("".join(json.dumps(r) + "\n" for r in rows))
    it = doko.iter_scores(archive)
    first = [next(it) for _ in range(3)]
    assert [d["deal"] for d in first] == [1, 2, 3]
    got = []
    with pytest.raises(doko.Error) as bad:
        for d in doko.iter_scores(archive):
            got.append(d)
    assert len(got) == 30 and bad.value.line == 31
    with pytest.raises(doko.Error):
        doko.iter_scores(archive, variant="no-such-profile")


def _csv_parts(text: str, k: int):
    header, *rows = text.splitlines(keepends=True)
    size = -(-len(rows) // k)
    return [header + "".join(rows[i : i + size]) for i in range(0, len(rows), size)]


def test_merged_summaries_equal_the_whole(tmp_path: Path) -> None:
    """An archive's parts (each with the header) scored apart and merged give the whole's
    summary, under a profile whose state does not cross deals."""
    archive = tmp_path / "deals.csv"
    subprocess.run([doko_bin(), "generate", "--deals", "12000", "--seed", "4", "--format", "csv", "--quiet"],
                   stdout=archive.open("w"), check=True)
    text = archive.read_text()
    whole = doko.summary(archive, jobs=1)
    parts = [doko.summary(p, jobs=1, continues=i > 0) for i, p in enumerate(_csv_parts(text, 5))]
    merged = doko.merge_summaries(parts)
    assert merged == whole
    assert json.dumps(merged, indent=2) == json.dumps(whole, indent=2)
    assert isinstance(whole, doko.Summary)
    with pytest.raises(ValueError):
        whole.merge({**whole, "variant": "ja-online"})


def _with_sessions(text: str, every: int) -> str:
    """A CSV archive with a ``session`` column: a session begins every ``every`` deals."""
    header, *rows = text.splitlines()
    marked = [f"{r},evening {i // every + 1}" if i % every == 0 else f"{r}," for i, r in enumerate(rows)]
    return "\n".join([header + ",session", *marked]) + "\n"


def test_parts_of_a_bock_archive_equal_the_whole_or_are_refused(tmp_path: Path) -> None:
    """Under house-bock the Bock rounds cross deals. Parts cut where a session begins (the
    ``session`` column) merge into the whole; a part that begins inside a session, or an
    archive without sessions, is refused naming the Bock rounds, from every call."""
    pa = pytest.importorskip("pyarrow")
    plain = tmp_path / "bock.csv"
    subprocess.run([doko_bin(), "generate", "--deals", "2400", "--seed", "4", "--variant", "house-bock",
                    "--format", "csv", "--quiet"], stdout=plain.open("w"), check=True)
    archive = tmp_path / "sessions.csv"
    archive.write_text(_with_sessions(plain.read_text(), 24))
    whole = doko.summary(archive, "house-bock")
    # Sessions change the scores: without them the Bock rounds run on across evenings.
    assert whole != doko.summary(plain, "house-bock")
    header, *rows = archive.read_text().splitlines(keepends=True)
    parts = ["".join([header, *rows[i : i + 480]]) for i in range(0, 2400, 480)]
    merged = doko.merge_summaries(doko.summary(p, "house-bock", continues=i > 0) for i, p in enumerate(parts))
    assert merged == whole
    # Issue 65: parts summarised as first parts merged into totals that differ from the
    # whole's, without a word. The merge refuses them, naming the part and the Bock rounds.
    loose = [doko.summary(p, "house-bock") for p in parts]
    with pytest.raises(doko.Error, match="part 2 .*Bock rounds cross deals.*`session`"):
        doko.merge_summaries(loose)
    with pytest.raises(doko.Error, match="Bockrunden"):
        doko.merge_summaries([doko.summary(p, "house-bock", lang="de") for p in parts[:2]])
    with pytest.raises(doko.Error, match="part 2"):
        doko.merge_summaries([dict(s) for s in loose])
    # Pickled (as a cluster ships it), a part keeps what the merge checks.
    import pickle
    shipped = [pickle.loads(pickle.dumps(doko.summary(p, "house-bock", continues=i > 0))) for i, p in enumerate(parts)]
    assert doko.merge_summaries(shipped) == whole
    # Without Bock rounds any parts merge.
    assert doko.merge_summaries([doko.summary(p) for p in parts])["deals"] == 2400
    # A part from Arrow that begins a session, too.
    table = pa.Table.from_pylist([dict(zip(header.strip().split(","), r.rstrip("\n").split(","))) for r in rows[480:960]])
    assert doko.score_arrow(table, "house-bock", summary=True, continues=True) == doko.summary(parts[1], "house-bock")
    # Inside a session: refused, naming the Bock rounds and the session column.
    inside = "".join([header, *rows[490:960]])
    for call in (lambda: doko.summary(inside, "house-bock", continues=True),
                 lambda: list(doko.iter_scores(inside, "house-bock", continues=True)),
                 lambda: doko.score_arrow(table.slice(10), "house-bock", summary=True, continues=True),
                 lambda: list(doko.score_arrow(table.slice(10), "house-bock", continues=True))):
        with pytest.raises(doko.Error, match="Bock rounds cross deals.*`session`") as refused:
            call()
        assert refused.value.deal == 1
    # Without sessions every continuing part is refused; the first part and the whole score.
    first, second, *_ = _csv_parts(plain.read_text(), 3)
    doko.summary(first, "house-bock", continues=False)
    with pytest.raises(doko.Error, match="Bock"):
        doko.summary(second, "house-bock", continues=True)
    assert doko.summary(plain, "house-bock")["deals"] == 2400
    # A profile without Bock rounds takes any part.
    assert doko.summary(inside, continues=True)["deals"] == 470


@pytest.mark.parametrize("variant", ["ddv", "house-bock"])
def test_the_dask_example_prints_what_the_command_prints(variant: str, tmp_path: Path) -> None:
    """The example's parts on a LocalCluster give the command's summary; under house-bock
    it cuts the parts where sessions begin."""
    pytest.importorskip("dask.distributed")
    archive = tmp_path / "deals.csv"
    subprocess.run([doko_bin(), "generate", "--deals", "3000", "--seed", "9", "--format", "csv", "--quiet",
                    "--variant", variant], stdout=archive.open("w"), check=True)
    archive.write_text(_with_sessions(archive.read_text(), 24))
    example = ROOT / "python" / "examples" / "dask_score.py"
    got = subprocess.run([sys.executable, str(example), str(archive), "--workers", "2", "--variant", variant],
                         capture_output=True, text=True, check=True).stdout
    want = subprocess.run([doko_bin(), "score", str(archive), "--summary", "--format", "json", "--variant", variant],
                          capture_output=True, text=True, check=True).stdout
    assert got == want
