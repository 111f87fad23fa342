"""Tests of docs/rules/takenoko.md, section "The panda"."""

from __future__ import annotations

from takenoko_helpers import RING, act, grown, transitions_of

from bamboo_lab.games import takenoko as tk

Hex = tk.Hex


def test_TK_PAN_1_panda_moves_like_the_gardener() -> None:
    """TK-PAN-1: "The panda moves like the gardener." """
    s = tk.position(plots=(*RING, (-1, -1, "G", 0), (-2, 0, "P", 0)), gardener=(1, 0), panda=(1, 0))
    assert tk.panda_destinations(s) == tk.gardener_destinations(s)
    s = act(s, "action panda")
    assert {a.plot for a in s.legal_actions()} == set(tk.gardener_destinations(s))


def test_TK_PAN_2_eats_top_section_player_keeps_it() -> None:
    """TK-PAN-2: "It eats the top section of the destination plot; the player keeps the section on
    their board." """
    s = act(tk.position(plots=RING), "action panda", "panda -1,0")
    assert s.bamboo[Hex(-1, 0)] == 0 and s.eaten[0] == (0, 0, 1)
    assert s.inventory()["bamboo P"] == 24


def test_TK_PAN_2_panda_eats_where_the_engine_eats() -> None:
    """panda_eats is True exactly when apply(MovePanda) takes a section to the board."""
    moves = transitions_of(0, tk.MovePanda)
    assert any(tk.panda_eats(a.plot, b.bamboo, b.improvements) for b, a, _ in moves)
    for before, action, after in moves:
        eats = tk.panda_eats(action.plot, before.bamboo, before.improvements)
        p = before.player
        assert (sum(after.eaten[p]) - sum(before.eaten[p]) == 1) is eats
        assert bool(grown(before, after)) is eats


def test_TK_PAN_3_nothing_to_eat_and_nothing_on_the_way() -> None:
    """TK-PAN-3: "It may end on a plot without bamboo and eats nothing; it eats nothing on the
    way." """
    s = act(tk.position(plots=RING), "action panda", "panda 2,0")
    assert s.panda == Hex(2, 0) and s.eaten[0] == (0, 0, 0)
    assert s.bamboo[Hex(1, 0)] == 1  # passed over


def test_TK_PAN_4_enclosure_protects() -> None:
    """TK-PAN-4: "It never eats on a plot with an enclosure (it may cross or stop there)." """
    plots = ((1, 0, "GE", 3), *RING[1:6], (2, -1, "G", 0), (2, 0, "Y", 0))
    s = act(tk.position(plots=plots), "action panda", "panda 1,0")
    assert s.bamboo[Hex(1, 0)] == 3 and s.eaten[0] == (0, 0, 0) and s.panda == Hex(1, 0)
    crossed = act(tk.position(plots=plots), "action panda", "panda 2,0")
    assert crossed.panda == Hex(2, 0)


def test_TK_PAN_4_panda_eats_nothing_under_an_enclosure_or_on_the_pond() -> None:
    """Enclosure, pond and bare plot: no meal; a plot with bamboo: one section."""
    plots = ((1, 0, "GE", 2), (1, -1, "G", 1), (0, -1, "Y", 0))
    s = tk.position(plots=plots)
    eats = [tk.panda_eats(tk.Hex(*h[:2]), s.bamboo, s.improvements) for h in plots]
    assert eats == [False, True, False]
    assert not tk.panda_eats(tk.POND, s.bamboo, s.improvements)
