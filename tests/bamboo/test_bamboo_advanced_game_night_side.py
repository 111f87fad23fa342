"""Tests of docs/rules/bamboo.md, section Advanced game (night side)."""

from __future__ import annotations

from typing import Any

import pytest
from bamboo_helpers import (
    home_id,
    midgame,
    play,
    rejected,
    visit_position,
    with_board,
)

from bamboo_lab import exercises
from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.exercises import bamboo as lesson
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import (
    final_breakdown,
)


def test_BB_ADV_1_from_dict_rejects_a_wrong_tile_on_a_night_space() -> None:
    """R-EN Advanced: "the tile placed on top of the space must match the indications"."""
    space, kind = next(iter(bamboo.night_spaces(0).items()))
    wrong = home_id("DFGT"[(kind + 1) % 4], 1)

    def corrupt(d: dict[str, Any]) -> None:
        for row in d["home_market"] + d["home_stacks"]:
            if wrong in row:
                row.remove(wrong)
        d["boards"][0]["home"][space] = wrong

    rejected(midgame(options={"night_side": True}), corrupt, "night")


def test_BB_ADV_1_a_faith_tile_on_the_night_side() -> None:
    """Four empty spaces: 1,2 (no star) and 0,4 (faith's night space) take the faith tile;
    0,0 (decoration only) and 2,4 (tools only) do not (BB-ADV-1)."""
    exercise = exercises.get("bamboo-10")
    state = exercise.position()
    assert sum(1 for h in state.boards[0].home if h < 0) == 4
    assert exercise.truth(state) == {"0,4", "1,2"}
    assert lesson.cell_item(14) == "2,4" and lesson.cell_item("column 3 row 1") == "1,3"


def test_BB_ADV_1_night_space_demands_its_type_case_27() -> None:
    """R-EN Advanced: "the tile placed on top of the space must match the indications"; case 27:
    a tools tile on a garden space is illegal."""
    s = visit_position(temples=(("Ri",), (), (), ()), reserve=1, coins=0)
    s = bamboo.position(base=s, options=bamboo.Options(night_side=True))
    p = s.player
    spaces = bamboo.night_spaces(p)
    s = play(s, "visit red", "activate Ri 1")
    s = with_board(s, p, coins=9)
    tools = bamboo.HOME_TILES[home_id("T", 1)]
    s = bamboo.position(base=s, home_market=[[tools.name], []])
    s = play(s, f"buy {tools.name}")
    legal = {(a.row, a.col) for a in s.legal_actions()}
    for i, kind in spaces.items():
        assert ((i // 5, i % 5) in legal) == (kind == 3)
    garden = next(i for i, k in spaces.items() if k == 2)
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.PlaceHomeTile(garden // 5, garden % 5))


def test_BB_ADV_2_uncovered_special_spaces_cost_one_each_case_27() -> None:
    """R-EN Advanced: "players lose 1 HP for each space with special indications that they have
    not covered"; case 27: 2 uncovered -> -2."""
    spaces = bamboo.night_spaces(0)
    home = [-1] * 15
    covered = list(spaces.items())[:2]
    for i, kind in covered:
        home[i] = home_id("DFGT"[kind], 1)
    parts = final_breakdown(0, [], tuple(home), [], spaces)
    assert parts["night"] == -2


def test_BB_ADV_2_an_uncovered_garden_space_costs_one_hp() -> None:
    """R-EN Advanced: "a space indicating garden must be covered with a garden home tile or the
    player loses 1 HP at the end of the game"."""
    spaces = bamboo.night_spaces(0)
    garden = next(i for i, k in spaces.items() if k == 2)
    words = [f"({i // 5},{i % 5}):{'DFGT'[k]}" for i, k in spaces.items() if i != garden]
    s = bamboo.position(options={"night_side": True}, boards={0: {"home": " ".join(words)}})
    assert s.final_breakdown(0)["night"] == -1
