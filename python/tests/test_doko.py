"""The Python package against the `doko` command: the same documents, the same errors, and
deals played through `doko.Game` that the command scores to the game's own returns.

The command is `$DOKO_BIN`, else `doko` on the PATH, else the repository's
`target/release/doko` or `target/debug/doko` (build it with `cargo build --release`).
`DOKO_GAMES` sets the random deals per profile (1,000 by default).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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
@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.iterdir()))
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


def test_the_game_step_by_step() -> None:
    game = doko.Game("ddv", seed=11)
    assert game.phase == "bidding"
    assert game.current_player == 1
    names = [game.action_name(a) for a in game.legal_actions()]
    assert "healthy" in names and "reservation" in names
    view = game.observation(1)
    assert len(view["hand"]) == 12 and view["phase"] == "bidding"
    assert len(game.observation_vector(1)) == game.observation_size
    assert view["vector"] == game.observation_vector(1)
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
        assert record["contract"] == "poverty" and not record.get("tricks")
        assert "accepted_by" not in record
        return
    pytest.fail("no poverty named in 3000 deals")


def test_a_refused_seed_leaves_the_env_as_it_was() -> None:
    """Issue 50: a seed beyond 64 bits is refused, and the env still resets (unseeded and
    seeded) afterwards."""
    pytest.importorskip("pettingzoo")
    env = doko.env("ddv")
    env.reset(seed=5)
    for bad in (2**64, -1, 1.5, "7"):
        with pytest.raises(ValueError):
            env.reset(seed=bad)
    env.reset()
    assert env._seed == 6
    env.reset(seed=2**64 - 1)
    env.reset()
    assert env._seed == 0
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
