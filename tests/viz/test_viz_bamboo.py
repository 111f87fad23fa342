"""Bamboo pictures: the home's comfort, harmony and pattern matches; the main board."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("plotly")

from viz_parts import boxes, labels, text_of, texts

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.components import TYPE_LETTERS, TYPES
from bamboo_lab.viz import bamboo as vbb
from bamboo_lab.viz.bamboo_home import SPACE_HEIGHT, SPACE_WIDTH
from bamboo_lab.viz.pictures import played

HOME = bb.home_from_text(
    "(0,0):G/2 (1,1):F/3 | (0,2):D/3 | (0,3):T/3 (1,4):G/3 (2,3):D/2 (1,0):F/1 (2,0):G/1"
)


def test_BB_END_3_home_shows_left_right_comfort_and_harmony() -> None:
    left, right = bb.harmony(HOME)
    assert (left, right) == (7, 8)
    fig = vbb.home(HOME, tiles=["L10", "L05"])
    text = text_of(fig)
    assert "left comfort 7" in text and "right comfort 8" in text
    assert bb.harmony_penalty(HOME) == -2
    assert "harmony -2 HP" in text


def test_BB_PAT_1_matches_outline_exactly_the_matched_spaces() -> None:
    fig = vbb.home(HOME, tiles=["L10", "L05"])
    text = text_of(fig)
    assert "<b>L10</b>" in text and "met" in text and "not met" in text
    outlines = [t for t in fig.data if (t.name or "").endswith("matches")]
    matches = bb.balance_matches(bb.balance_tile("L10"), HOME)
    assert len(outlines) == 1 and outlines[0].name == "L10 matches"
    rectangles = sum(1 for x in outlines[0].x if x is None)
    assert rectangles == sum(len(m) for m in matches) > 0


def test_home_draws_one_tile_per_filled_space() -> None:
    fig = vbb.home(HOME)
    filled = sum(1 for h in HOME if h >= 0)
    tiles = [a for a in labels(fig) if a.size == 17]
    assert len(tiles) == filled == 8


def test_home_of_a_state_and_bad_homes() -> None:
    s = played(bb, 3, 2, 150)
    for p in range(3):
        fig = vbb.home(s, p)
        assert f"player {p}'s home" in fig.layout.title.text
        held = [bb.BALANCE_TILES[t].name for t in s.boards[p].balance]
        assert all(f"<b>{name}</b>" in text_of(fig) for name in held)
    with pytest.raises(InvalidStateError):
        vbb.home(s, 9)
    with pytest.raises(InvalidStateError):
        vbb.home((1, 2, 3))


def test_board_shows_temples_incense_and_stalks() -> None:
    s = played(bb, 2, 8, 70)
    fig = vbb.figure(s)
    text = text_of(fig)
    assert f"round {s.round}" in text and vbb.season(s) in text
    sticks = [a for a in texts(fig) if a in ("<b>g</b>", "<b>0</b>", "<b>1</b>")]
    assert len(sticks) == sum(len(t) for t in s.temples)
    for stack in s.spirit_stacks:
        if stack:
            assert f"spirit:<br><b>{stack[0]}</b>" in text
    shoots = [
        a for a in texts(fig) if re.fullmatch(r"<b>[RYGB]</b> (balance|improve|cook|fund|★)", a)
    ]
    assert len(shoots) >= sum(len(st) for st in s.stalks)


def test_built_position_home_and_temples() -> None:
    if not hasattr(bb, "position"):
        pytest.skip("bamboo.position is not available")
    s = bb.position(
        players=3,
        boards={0: {"home": "(0,0):F/1 (1,0):G/2 (0,4):T/3", "balance": ["L10"]}},
        temples=[[0, 2, 1], [], [1], []],
    )
    home = vbb.home(s, 0)
    text = text_of(home)
    assert "left comfort 3" in text and "right comfort 3" in text and "harmony 0 HP" in text
    assert "<b>L10</b>" in text and "· <b>met</b>" in text
    board = vbb.figure(s)
    sticks = [a for a in texts(board) if a in ("<b>0</b>", "<b>1</b>", "<b>2</b>")]
    assert sticks == ["<b>0</b>", "<b>2</b>", "<b>1</b>", "<b>1</b>"]


def space_at(x: float, y: float) -> int:
    """The home space (0-14) under a point of the home picture (spaces from 0.3, 4.6)."""
    c = int((x - 0.3) // SPACE_WIDTH)
    r = int((4.6 - y) // SPACE_HEIGHT)
    assert 0 <= r < 3 and 0 <= c < 5
    return r * 5 + c


def night_position(night_side: bool) -> bb.State:
    return bb.position(
        players=2,
        options={"night_side": night_side},
        boards={0: {"home": "(0,0):D/2 (1,1):F/3 (2,0):G/1", "balance": ["L10"]}},
    )


def test_BB_ADV_1_night_spaces_are_starred_with_their_effect() -> None:
    from bamboo_lab.games.bamboo.rules import night_of

    s = night_position(True)
    for p in range(2):
        fig = vbb.home(s, p)
        special = night_of(s, p)
        assert len(special) == 4 and "(night side)" in fig.layout.title.text
        (stars,) = [t for t in fig.data if t.name == "night spaces"]
        assert stars.marker.symbol == "star" and len(stars.x) == len(special)
        home = s.boards[p].home
        for (i, kind), text in zip(sorted(special.items()), stars.hovertext, strict=True):
            r, c = divmod(i, 5)
            assert text.startswith(f"<b>night space {r},{c}</b> ({TYPES[kind]} only)")
            assert "BB-ADV-1" in text and "costs 1 HP" in text
            covered = "covered by" in text
            assert covered == (home[i] >= 0)
        for (i, _), x, y in zip(sorted(special.items()), stars.x, stars.y, strict=True):
            assert space_at(x, y) == i  # each star sits on its own space
        # an empty special space also says which type it takes, on the space itself
        empty = [i for i in special if home[i] < 0]
        written = texts(fig)
        hover = " | ".join(next(t for t in fig.data if t.name == "" and t.hovertext).hovertext)
        for i in empty:
            assert f"<b>{TYPE_LETTERS[special[i]]}</b> only" in written
            r, c = divmod(i, 5)
            assert f"{r},{c}: empty night space, takes only a {TYPES[special[i]]} tile" in hover
    assert night_of(s, 0)[0] == bb.HOME_TILES[s.boards[0].home[0]].type  # (0,0) is covered


def test_BB_ADV_1_day_side_and_bare_homes_have_no_night_spaces() -> None:
    for fig in (vbb.home(night_position(False), 0), vbb.home(HOME)):
        assert not [t for t in fig.data if t.name == "night spaces"]
        assert "night" not in fig.layout.title.text
        assert not [a for a in texts(fig) if "only" in a]


def test_the_board_names_its_stalks_temples_and_home_spaces_for_clicks() -> None:
    """The hover texts the play board reads a click from (``widgets.places``): each stalk and
    each of its shoots, each temple of the main board and of each player's board, each empty
    space of a home."""
    state = bb.new_game(2, 4)
    hovers = [
        str(t) for tr in vbb.figure(state).data if tr.hoverinfo == "text" for t in tr.hovertext
    ]
    named = {h.rstrip("\u200b") for h in hovers if h.startswith("stalk 2")}
    assert len(named) == 1 + len(state.stalks[1])
    assert any(h.startswith("red temple") for h in hovers)
    assert any(h.startswith("Player 1's blue temple: ") for h in hovers)
    home = vbb.home(state, player=0)
    spaces = [str(t) for tr in home.data if tr.hoverinfo == "text" for t in tr.hovertext]
    assert "1,2: empty space (row 1, column 2)" in spaces


def test_BB_ACT_4_the_tile_bought_is_ringed_and_the_home_asks_for_its_space() -> None:
    state = bb.new_game(2, 4)
    while not (
        state.phase == "improve" and any(str(a).startswith("buy") for a in state.legal_actions())
    ):
        state = state.apply(state.legal_actions()[0])
    buy = next(a for a in state.legal_actions() if str(a).startswith("buy"))
    after = state.apply(buy)
    hovers = [
        str(t) for tr in vbb.figure(after).data if tr.hoverinfo == "text" for t in tr.hovertext
    ]
    assert any(
        h.startswith(f"{buy.tile}: ") and h.endswith("empty space of the home") for h in hovers
    )
    assert "place the tile bought" in vbb.home(after, player=after.player).layout.title.text
    assert "place the tile bought" not in vbb.home(state, player=state.player).layout.title.text


def test_the_places_to_click_are_ringed_and_the_key_says_so() -> None:
    state = bb.new_game(2, 4)
    plain = vbb.figure(state)
    ringed = vbb.figure(state, targets=[("stalk", 2), ("temple", "red")])
    assert len(boxes(ringed, "rect")) == len(boxes(plain, "rect")) + 2
    assert "orange ring" in text_of(ringed) and "orange ring" not in text_of(plain)
    home = vbb.home(state, player=0, targets=[("home", 1, 2)])
    assert len(boxes(home, "rect")) == len(boxes(vbb.home(state, player=0), "rect")) + 1
