"""Bangkok's ``every_action``: the fixed, ordered list of every action the game can ever have."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.envs.tables import action_table
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games.bangkok.components import RECONSTRUCTED_DECK

_CUSTOM_DECK = tuple(
    "C2:PZ/PP" if spec == "C2:P/P" else spec for spec in RECONSTRUCTED_DECK
)  # one card face changed


@pytest.mark.parametrize(
    "options", [None, bk.Options(expert=True), bk.Options(deck=_CUSTOM_DECK)], ids=str
)
def test_every_action_is_the_environment_table_in_order(options: bk.Options | None) -> None:
    """The same actions, in the same order, as the environments' action table."""
    assert tuple(str(action) for action in bk.every_action(options)) == action_table(
        "bangkok", options
    )


def test_every_action_repeats_no_action_and_counts_each_kind() -> None:
    """No action twice; 60 cards x 12 slots, 9 + 18 + 6 port cell sets, 60 x 9 market cells."""
    actions = bk.every_action()
    assert len(set(actions)) == len(actions)
    kinds = [type(action).__name__ for action in actions]
    assert [kinds.count(kind) for kind in ("PlaceAtPort", "Collect", "LayInMarket")] == [
        720,
        33,
        540,
    ]
    assert kinds.count("Renew") == 6 and actions[-1] == bk.Pass()


def test_every_action_takes_the_face_of_each_card_from_the_options_deck() -> None:
    """Default options in any form give one tuple; a custom deck changes only its card's faces."""
    assert bk.every_action() == bk.every_action(bk.Options()) == bk.every_action({})
    changed = [card.spec for card in bk.build_deck(_CUSTOM_DECK).cards].index("C2:PZ/PP")
    custom = bk.every_action(bk.Options(deck=_CUSTOM_DECK))
    differ = [
        mine for mine, theirs in zip(custom, bk.every_action(), strict=True) if mine != theirs
    ]
    assert len(differ) == 12 + 9  # its places and its lays
    assert {getattr(action, "card", None) for action in differ} == {changed}


@pytest.mark.parametrize("num_players", bk.PLAYER_COUNTS)
@pytest.mark.parametrize("options", [None, bk.Options(expert=True, collect="any")], ids=str)
def test_every_legal_action_of_random_games_is_in_every_action(
    num_players: int, options: bk.Options | None
) -> None:
    """Seeded random games: each legal action met is one of every_action's."""
    known = set(bk.every_action(options))
    for seed in range(3):
        rng = random.Random(seed)
        state = bk.new_game(num_players, seed, options)
        while not state.is_over():
            legal = state.legal_actions()
            assert set(legal) <= known, [str(a) for a in legal if a not in known][:3]
            state = state.apply(rng.choice(legal))
