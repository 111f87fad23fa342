"""Integrity: a record carries the digest of its final state (as PGN carries the result); replay
refuses a record whose actions or start do not reach it; records without a digest still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.record import GameRecord, state_digest
from bamboo_lab.games import GAMES, load, record_of, replay, start_here

GOLDEN = sorted((Path(__file__).parent.parent / "data").glob("*/golden-*.json"))


def _game(name: str, plies: int = 40, seed: int = 2) -> object:
    rng = random.Random(seed)
    state = load(name).new_game(2, seed)
    for _ in range(plies):
        if state.is_over():
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_record_carries_the_digest_of_its_final_state(name: str) -> None:
    state = _game(name)
    record = record_of(name, state, 2)
    assert record.final_digest == state_digest(state)
    assert GameRecord.from_json(record.to_json()) == record
    assert replay(record)[-1] == state


@pytest.mark.parametrize("name", GAMES)
def test_replay_refuses_a_plausible_but_tampered_action_list(name: str) -> None:
    record = record_of(name, _game(name), 2)
    data = record.to_dict()
    data["actions"] = data["actions"][:-1]  # every action still legal: another game
    with pytest.raises(InvalidStateError, match="do not reach"):
        replay(GameRecord.from_dict(data))


@pytest.mark.parametrize("name", GAMES)
def test_replay_refuses_a_record_whose_start_was_changed(name: str) -> None:
    start = start_here(_game(name, plies=10))
    later = start
    for _ in range(6):
        later = later.apply(later.legal_actions()[0])
    record = record_of(name, later, 0)
    assert record.start is not None
    other = record_of(name, start_here(_game(name, plies=10, seed=3)), 0)
    data = {**record.to_dict(), "start": other.start}
    with pytest.raises(InvalidStateError):
        replay(GameRecord.from_dict(data))


def test_a_digest_must_be_64_hexadecimal_digits() -> None:
    data = record_of("takenoko", _game("takenoko"), 2).to_dict()
    for bad in ("abc", 7, "G" * 64):
        with pytest.raises(InvalidStateError, match="final_digest"):
            GameRecord.from_dict({**data, "final_digest": bad})


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_records_without_a_digest_still_load_and_their_digest_is_the_golden_one(
    path: Path,
) -> None:
    wrapper = json.loads(path.read_text(encoding="utf-8"))
    assert "final_digest" not in wrapper["record"]
    record = GameRecord.from_dict(wrapper["record"])
    assert record.final_digest is None
    final = replay(record)[-1]
    assert state_digest(final) == wrapper["expected"]["sha256"]
    signed = GameRecord.from_dict({**wrapper["record"], "final_digest": state_digest(final)})
    assert replay(signed)[-1] == final
