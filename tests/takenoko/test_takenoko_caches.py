"""The objective caches a Takenoko state shares with its successors give every state its own
answers: a successor never writes into its parent's cache answers that only hold for it."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.state import State

PLOT_CARDS = [card for card in tk.CARDS if card[0] == "P"]
GARDENER_CARDS = [card for card in tk.CARDS if card[0] == "G"]


def _positions(seed: int, every: int = 10) -> list[State]:
    """Every ``every``-th position of a seeded random two-player game."""
    rng = random.Random(seed)
    state = tk.new_game(2, seed)
    out = []
    while not state.is_over():
        if len(state.history) % every == 0:
            out.append(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))], check=False)
    return out


def _fresh(state: State) -> State:
    """The same position with empty caches."""
    return State(state.fields())


@pytest.mark.parametrize("seed", [1, 2])
def test_TK_CMP_3_a_successor_never_changes_its_parents_plot_objective_answers(
    seed: int,
) -> None:
    """A parent with an empty cache used to lend it to a successor whose irrigation changed:
    the successor's "met" answers then showed in the parent (and in its claims)."""
    checked = 0
    for position in _positions(seed):
        for action in position.legal_actions():
            parent = _fresh(position)
            child = parent.apply(action, check=False)
            if child.irrigated is parent.irrigated:
                continue
            for card in PLOT_CARDS:
                assert child.plot_card_met(card) == _fresh(child).plot_card_met(card)
            for card in PLOT_CARDS:
                assert parent.plot_card_met(card) == _fresh(position).plot_card_met(card), card
            checked += 1
    assert checked


@pytest.mark.parametrize("seed", [3, 4])
def test_TK_CMP_4_TK_CMP_5_gardener_answers_carried_to_a_successor_are_its_own(seed: int) -> None:
    """Answers kept across a change of bamboo (only cards of an unchanged colour keep theirs)
    are those a fresh state computes, for the successor and for its parent."""
    checked = 0
    for position in _positions(seed):
        parent = _fresh(position)
        for card in GARDENER_CARDS[::2]:
            parent.gardener_card_met(card)  # a partly filled cache, shared or carried
        for action in position.legal_actions():
            child = parent.apply(action, check=False)
            for card in GARDENER_CARDS:
                assert child.gardener_card_met(card) == _fresh(child).gardener_card_met(card)
            checked += child.bamboo is not parent.bamboo
        for card in GARDENER_CARDS:
            assert parent.gardener_card_met(card) == _fresh(position).gardener_card_met(card)
    assert checked
