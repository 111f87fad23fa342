"""Bamboo's teaching pictures: what changed outlined (``changed_from``), balance tiles drawn as
patterns, Autumn's majorities, the player aid, and exercise pictures that hide their answer."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("plotly")

from viz_parts import labels, text_of, texts

from bamboo_lab import exercises
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.exercises.bamboo import autumn_example, first_turn, play
from bamboo_lab.games import bamboo as bb
from bamboo_lab.viz import bamboo as vbb


def outlines(fig: Any) -> list[tuple[float, float, float, float, str]]:
    """The magenta outlines of ``fig`` as (x0, x1, y0, y1, hover)."""
    found = []
    for trace in fig.data:
        if trace.name != vbb.CHANGED_TRACE:
            continue
        assert trace.line.color == vbb.CHANGED
        points: list[tuple[float, float, str]] = []
        for x, y, hover in zip(trace.x, trace.y, trace.hovertext, strict=True):
            if x is not None:
                points.append((x, y, hover))
                continue
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            found.append((min(xs), max(xs), min(ys), max(ys), points[0][2]))
            points = []
    return found


def test_figure_without_changed_from_outlines_nothing() -> None:
    s = first_turn()
    assert outlines(vbb.figure(s)) == []
    assert outlines(vbb.figure(s, changed_from=s)) == []  # nothing changed
    assert "magenta" not in text_of(vbb.figure(s))


def test_BB_SUM_3_new_sticks_are_outlined_one_by_one() -> None:
    """Two sticks offered on green: exactly the two new sticks of the green temple outlined,
    and player 0's row says its incense went down by two."""
    before = first_turn()
    after = play(before, "visit green", "offer green", "offer green")
    fig = vbb.figure(after, changed_from=before)
    sticks = [o for o in outlines(fig) if o[4] == "a new incense stick"]
    assert len(sticks) == 2
    green = (0.1 + 2 * 2.35, 0.1 + 2 * 2.35 + 2.2)  # the green temple's box
    assert all(green[0] < o[0] and o[1] < green[1] for o in sticks)
    rows = [o for o in outlines(fig) if o[4].startswith("Player ")]
    assert [o[4] for o in rows] == ["Player 0's belongings"]
    old, new = before.boards[0].reserve, after.boards[0].reserve
    assert f"incense {old} → {new}" in text_of(fig) and "magenta outline" in text_of(fig)


def test_BB_SUM_6_the_pushed_stalk_and_the_coins_are_outlined() -> None:
    """Fund into stalk 1: its three places changed (a new base, the others moved up) and the
    coins went up by 2 (BB-ACT-6)."""
    before = play(first_turn(), "visit green", "offer green", "offer green")
    after = play(before, "activate Gf 1")
    fig = vbb.figure(after, changed_from=before)
    moved = [o for o in outlines(fig) if o[4] == "a shoot moved in the stalk"]
    changed = sum(a != b for a, b in zip(before.stalks[0], after.stalks[0], strict=True))
    assert len(moved) == changed > 0
    assert all(9.75 - 0.1 < o[0] < 9.75 + 2.1 for o in moved)  # all in stalk 1
    coins = before.boards[0].coins, after.boards[0].coins
    assert coins[1] == coins[0] + 2 and f"coins {coins[0]} → {coins[1]}" in text_of(fig)


def test_BB_AUT_1_autumn_outlines_the_spirits_and_names_them() -> None:
    last = play(autumn_example(), "visit red", "offer red", "activate Rb 1", "hp", "visit blue")
    last = play(last, "done")
    settled = play(last, "place Bc 1", "place Bw 2")
    fig = vbb.figure(settled, changed_from=last)
    spirits = [o for o in outlines(fig) if o[4].endswith("temple's spirit")]
    assert len(spirits) == sum(
        a != b for a, b in zip(last.spirit_stacks, settled.spirit_stacks, strict=True)
    )
    won = [s for s in settled.boards[0].awake if s not in last.boards[0].awake]
    assert won and f"awake +{', '.join(won)}" in text_of(fig)


def test_changed_from_must_be_a_state_of_the_same_game() -> None:
    with pytest.raises(InvalidStateError):
        vbb.figure(first_turn(), changed_from=bb.position(players=3))
    with pytest.raises(InvalidStateError):
        vbb.figure(first_turn(), changed_from="yesterday")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        vbb.home(first_turn(), 0, changed_from=bb.home_from_text("(0,0):G"))


def test_BB_ACT_4_home_outlines_the_new_tile_and_the_hp() -> None:
    """A bought home tile: its space outlined (and only it), the HP gained written."""
    s = bb.position(
        player=0,
        home_market=[["A09"], []],
        boards={0: {"temples": [["Ri"], ["Yc"], ["Gf"], ["Bb"]], "coins": 3}},
    )
    buying = play(s, "visit red", "offer red", "activate Ri 1", "buy A09")
    bought = play(buying, "home 1,0")
    fig = vbb.home(bought, 0, changed_from=buying)
    (space,) = outlines(fig)
    assert space[4] == "1,0: a new home tile"
    assert 0.3 < space[0] < 0.3 + 1.9 and 4.6 - 2 * 1.35 < space[2] < 4.6 - 1.35  # row 1, col 0
    hp = buying.boards[0].hp, bought.boards[0].hp
    assert f"HP {hp[0]} → {hp[1]}" in text_of(fig)


def test_BB_ACT_3_a_scored_tile_is_outlined_on_the_home() -> None:
    s = bb.position(
        player=0,
        boards={
            0: {
                "temples": [["Rb"], ["Yc"], ["Gf"], ["Bb"]],
                "home": "(0,0):F/2",
                "balance": ["L02"],
            }
        },
    )
    turn = play(s, "visit red", "offer red", "activate Rb 1")
    scored = play(turn, "score L02")
    fig = vbb.home(scored, 0, tiles=["L02"], changed_from=turn)
    assert [o[4] for o in outlines(fig)] == ["L02: scored"]
    home_only = vbb.home(bb.home_from_text("(0,0):G (0,1):F"), changed_from=bb.home_from_text(""))
    assert len(outlines(home_only)) == 2


def test_BB_PAT_3_patterns_draw_each_cell_in_its_type() -> None:
    """Each tile: its name, kind and HP, one letter per typed cell, ``any`` per free cell, and
    its comfort condition in words (never the (row,col):T notation)."""
    names = ["L05", "C01", "C05", "C13", "L21", "C09"]
    fig = vbb.patterns(names)
    words = texts(fig)
    for name in names:
        tile = bb.balance_tile(name)
        assert any(f"<b>{name}</b> · {('left', 'center', 'right')[tile.kind]}" in w for w in words)
    letters = [t for t in labels(fig) if t.size == 13 and t.text.startswith("<b>")]
    assert len(letters) == 2 + 4 + 2 + 1 + 1 + 0  # typed cells (C13: one faith cell)
    assert sum(w == "any" for w in words) == 3 + 1 + 4
    assert "all faith tiles:<br>comfort 7 or more" in words
    assert "comfort 9 or more<br>in all" in words
    assert "(0,0)" not in text_of(fig)
    with pytest.raises(InvalidStateError):
        vbb.patterns([])


def test_home_draws_held_tiles_as_patterns_and_can_hide_the_answers() -> None:
    home = bb.home_from_text("(0,0):G/2 (0,1):F/3 | (0,3):F/2 (0,4):G/1")
    shown = vbb.home(home, tiles=["L05", "R05"])
    assert "L05 · <b>met</b>" in texts(shown) and "R05 · <b>not met</b>" in texts(shown)
    assert "harmony" in shown.layout.title.text
    hidden = vbb.home(home, tiles=["L05", "R05"], answers=False)
    assert "harmony" not in hidden.layout.title.text
    assert not [w for w in texts(hidden) if "met" in w or "comfort 3" in w]
    assert not [t for t in hidden.data if (t.name or "").endswith("matches")]
    assert "(0,0):G" not in text_of(shown)


def test_BB_AUT_1_BB_AUT_2_autumn_picture_names_the_engines_winners() -> None:
    last = play(autumn_example(), "visit red", "offer red", "activate Rb 1", "hp", "visit blue")
    last = play(last, "done")
    fig = vbb.autumn(last)
    winners = [w for w in texts(fig) if w.startswith("<b>→ ")]
    expected = []
    for stack in last.temples:
        if stack:
            best = bb.temple_majority(stack)[0]
            expected.append("the ghost" if best == bb.GHOST else f"player {best}")
    assert [w.split("</b>")[0].removeprefix("<b>→ ") for w in winners] == expected
    assert any("tie: the higher" in w for w in winners)  # red: a tie
    assert any("out of the game" in w for w in winners)  # the ghost's spirit (BB-AUT-2)
    hidden = vbb.autumn(last, answers=False)
    assert not [w for w in texts(hidden) if "→" in w or (": " in w and "spirit" not in w)]


def test_player_aid_holds_the_whole_game_on_one_page() -> None:
    fig = vbb.player_aid()
    text = text_of(fig)
    for words in ("Goal:", "1. Spring", "2. Summer", "3. Autumn", "4. Winter", "balance",
                  "improve", "cook", "fund", "★ wildcard", "Autumn: who wins a spirit",
                  "Winter: feed your family", "Balance patterns", "End of the game",
                  "Kitsune", "Ookami"):  # fmt: skip
        assert words in text, words
    stack = (bb.GHOST, bb.GHOST, 0, 1, 0, 1)
    assert f"<b>→ player {bb.temple_majority(stack)[0]}</b>" in text
    bill = bb.feeding_bill(bb.home_from_text("(0,0):G (0,1):F (1,0):D (0,3):T"), (0, 1, 0))
    assert f"−{bill['hp_lost']} HP" in text
    assert fig.layout.height / fig.layout.width == pytest.approx(2**0.5, abs=0.01)  # A4


def test_the_board_legend_names_the_star_wildcard_and_food_held() -> None:
    s = bb.position(boards={0: {"food": {"rice": 2}, "temples": [["Rw"], [], [], []]}})
    text = text_of(vbb.figure(s))
    assert "★ wildcard: any one of the four actions" in text
    assert "food: 2 rice" in text and "b balance, i improve, c cook, f fund" in text


def test_exercise_pictures_do_not_give_the_answer_away() -> None:
    for exercise in exercises.all_exercises("bamboo"):
        fig = exercises.show(exercise.id)
        text = text_of(fig)
        assert "harmony" not in fig.layout.title.text and "→" not in text, exercise.id
        assert not [t for t in fig.data if (t.name or "").endswith("matches")], exercise.id
        assert "<b>met</b>" not in text and "not met" not in text, exercise.id
    assert "<b>L05</b>" in text_of(exercises.show("bamboo-4"))
