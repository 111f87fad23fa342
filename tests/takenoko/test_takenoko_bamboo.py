"""Tests of docs/rules/takenoko.md, section "Bamboo"."""

from __future__ import annotations

import pytest
from takenoko_helpers import act

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import takenoko as tk

Hex = tk.Hex


def test_TK_BAM_1_one_bamboo_of_its_colour_max_four() -> None:
    """TK-BAM-1: "Each plot grows only one bamboo, of its own colour, at most 4 sections." """
    s = tk.position(plots=((1, 0, "P", 4), (1, -1, "P", 3)), phase="roll")
    s = act(s.apply(tk.Roll("rain")), "grow 1,-1", "action gardener", "gardener 1,0")
    assert s.bamboo[Hex(1, 0)] == 4 and s.bamboo[Hex(1, -1)] == 4
    assert s.inventory()["bamboo P"] == 24 and s.bamboo_reserve[2] == 24 - 8


def test_TK_BAM_1_grown_height_never_exceeds_4() -> None:
    """A growth adds its sections up to 4 and no further."""
    assert [tk.grown_height(h, 1) for h in range(5)] == [1, 2, 3, 4, 4]
    assert [tk.grown_height(h, 2) for h in range(5)] == [2, 3, 4, 4, 4]


def test_TK_BAM_2_running_out_substitutes_or_stops() -> None:
    """TK-BAM-2: "Running out of bamboo pieces does not stop growth (pieces are substituted); a
    limited-supply variant exists." """
    plots = ((1, 0, "P", 1), (1, -1, "P", 1))
    unlimited = tk.position(plots=plots, eaten={1: (0, 0, 22)})
    assert unlimited.bamboo_reserve[2] == 0
    grown = act(unlimited, "action gardener", "gardener 1,0")
    assert grown.bamboo[Hex(1, 0)] == 2 and grown.bamboo_reserve[2] == -2  # two substitutes
    assert grown.inventory()["bamboo P"] == 24
    limited = tk.position(plots=plots, eaten={1: (0, 0, 22)}, options={"bamboo_supply": "limited"})
    still = act(limited, "action gardener", "gardener 1,0")
    assert still.bamboo[Hex(1, 0)] == 1 and still.bamboo_reserve[2] == 0
    one_left = tk.position(
        plots=((1, 0, "PF", 1), (1, -1, "P", 1)),
        eaten={1: (0, 0, 21)},
        options={"bamboo_supply": "limited"},
    )
    assert act(one_left, "action gardener", "gardener 1,0").bamboo[Hex(1, 0)] == 2  # +2 gives +1


def test_TK_BAM_2_a_saved_game_with_many_substitutes_loads() -> None:
    """TK-BAM-2: the substitutes of a long game have no bound, so its saved state loads (a
    9,661-ply random game once reached a reserve of -279 and could not be loaded)."""
    plots = ((1, 0, "P", 1), (1, -1, "P", 1))
    saved = tk.position(plots=plots, eaten={1: (0, 0, 22)}).to_dict()
    saved["players"][1]["eaten"] = [0, 0, 322]
    saved["reserve"]["bamboo"][2] -= 300
    loaded = tk.State.from_dict(saved)
    assert loaded.bamboo_reserve[2] == -300 and loaded.inventory()["bamboo P"] == 24
    saved["options"] = {**saved["options"], "bamboo_supply": "limited"}
    with pytest.raises(InvalidStateError, match="bamboo reserve = -300 is out of range"):
        tk.State.from_dict(saved)
