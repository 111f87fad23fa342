"""Every text of every Bangkok picture is at least 12 px on a 1280 px page (a class reads it on
a projector): the table, the port, a market with and without its hand, a card, a row of cards,
the play board's two pictures, for sampled 2, 3 and 4 player states (a picked card and its
places ringed included). The player aid is another area's (viz/bangkok_aid.py)."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

pytest.importorskip("plotly")

from viz_parts import READABLE_PX, small_texts

from bamboo_lab import viz, widgets
from bamboo_lab.games import bangkok as bk
from bamboo_lab.viz import bangkok as vb
from bamboo_lab.widgets.pictures import board_pictures


def _states(players: int, seed: int) -> list[bk.State]:
    """A game's states sampled every few decisions, from the deal to the end."""
    state = bk.new_game(players, seed)
    chooser = random.Random(seed)
    found = [state]
    while not state.is_over():
        state = state.apply(chooser.choice(state.legal_actions()))
        if len(state.history) % 9 == 0 or state.is_over():
            found.append(state)
    return found


def _pictures(state: bk.State, before: bk.State) -> dict[str, Any]:
    """Every Bangkok picture of ``state``, by name."""
    seat = max(state.player, 0) if not state.is_over() else 0
    hand = state.hands[seat]
    picked = hand[0] if hand else None
    return {
        "table": vb.figure(state, changed_from=before),
        "table, a card picked": vb.figure(state, selected=picked, slots=["L1", "T2"], port=[1]),
        "port": vb.port(state, changed_from=before),
        "market": vb.market(state, seat=seat),
        "market and hand": vb.market(state, seat=seat, hand=True, selected=picked, targets=[1]),
        "market to count": vb.market(state, seat=seat, show_score=False),
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bangkok_picture_text_is_at_least_12_px(players: int) -> None:
    states = _states(players, seed=11 + players)
    assert states[-1].is_over() and len(states) > 5
    for before, state in pairwise(states):
        for name, fig in _pictures(state, before).items():
            assert not small_texts(fig), (name, players, small_texts(fig)[:5])


def test_cards_and_card_rows_are_readable() -> None:
    for spec in ("ZP", "C3:FB/B", "C1:P/Z", "1:P", "FFP"):
        assert not small_texts(vb.card(spec)), spec
    row = vb.card_row(["ZP", "C4:BF/P", None], captions=["a", "b", "c"])
    assert not small_texts(row)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_play_board_pictures_are_readable(players: int) -> None:
    c = widgets.PlayController("bangkok", players, bots=None, seed=3)
    chooser = random.Random(players)
    for turn in range(30):
        if c.state.is_over():
            break
        hand = [a.card for a in c.legal_actions() if hasattr(a, "card")]
        if hand and turn % 2 == 0:
            c.click(("hand", hand[0]))  # a picked card: its places ringed
        for fig in board_pictures(c, True):
            if fig is not None:
                assert not small_texts(fig), small_texts(fig)[:5]
        c.selected = None
        assert c.play(chooser.choice(c.legal_actions())), c.message


def test_a_port_card_is_drawn_large_on_the_table() -> None:
    """The port is where a player decides: a port card is at least 60 px wide on the board
    (820 px wide, 18.5 units across) and a chilli card's marks are 12 px."""
    cw, ch, _gx, _gy = vb.PLAY_CARD
    px_per_unit = (viz._common.WIDTH - 20) / 18.5
    assert cw * px_per_unit >= 60 and ch * 48 >= 80
    assert READABLE_PX == 12
