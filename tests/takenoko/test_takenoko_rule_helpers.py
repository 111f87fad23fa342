"""The public rule helpers on plain garden data agree with what the engine does.

``growth_targets``, ``growth_amount``, ``panda_eats``, ``newly_irrigated``,
``watered_on_placement``, ``improvement_irrigates``, the objective helpers and the objective
caches the states carry are checked against ``apply`` itself on every transition of seeded
random games (default options and the fertilizer variants), so a bot that values moves with the
helpers sees the rules the engine plays.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.components import IMPROVEMENT_NAMES, MAX_HEIGHT
from bamboo_lab.games.takenoko.scoring import gardener_objective_met, plot_objective_met
from bamboo_lab.sim import play_game

_LETTER = {name: letter for letter, name in IMPROVEMENT_NAMES.items()}
_VARIANTS = (
    None,
    {"fertilizer_on_rain": False, "fertilizer_on_first_growth": False},
    {"gardener_height_match": "at_least", "plot_objective_mirror_allowed": True},
)
Transition = tuple[tk.State, tk.Action, tk.State]


@cache
def _transitions(variant: int) -> tuple[Transition, ...]:
    """Every (state, action, next state) of a few seeded random games."""
    options = _VARIANTS[variant]
    rng = random.Random(variant)
    out = []
    for seed in range(6):
        state = tk.new_game(2, seed, options)
        while not state.is_over():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            after = state.apply(action, check=False)
            out.append((state, action, after))
            state = after
    return tuple(out)


def _of(variant: int, kind: type) -> list[Transition]:
    found = [t for t in _transitions(variant) if type(t[1]) is kind]
    assert found, f"no {kind.__name__} in the sample games"
    return found


def _grown(before: tk.State, after: tk.State) -> dict[tk.Hex, int]:
    return {
        h: after.bamboo[h] - height
        for h, height in before.bamboo.items()
        if after.bamboo[h] != height
    }


def _expected_growth(before: tk.State, plots: list[tk.Hex], fertilized: bool) -> dict:
    return {
        h: min(growth_amount, MAX_HEIGHT - before.bamboo[h])
        for h in plots
        if (growth_amount := tk.growth_amount(before.improvements.get(h), fertilized))
        and before.bamboo[h] < MAX_HEIGHT
    }


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_TK_GAR_2_growth_targets_are_what_the_gardener_grows(variant: int) -> None:
    """growth_targets + growth_amount give exactly the sections apply(MoveGardener) adds."""
    for before, action, after in _of(variant, tk.MoveGardener):
        targets = tk.growth_targets(before.colours, before.irrigated, before.bamboo, action.plot)
        assert len(set(targets)) == len(targets)
        assert _grown(before, after) == _expected_growth(before, targets, True)


def test_TK_GAR_3_growth_targets_on_the_pond_and_at_height_4() -> None:
    """The pond grows nothing; a plot at 4 is not a target; other colours are not either."""
    plots = ((1, 0, "G", 4), (1, -1, "G", 1), (0, -1, "Y", 1), (2, -1, "G", 0))
    s = tk.position(plots=plots)
    assert tk.growth_targets(s.colours, s.irrigated, s.bamboo, tk.POND) == []
    # (1,0) is at 4, (2,-1) is dry, (0,-1) is yellow: only (1,-1) grows
    assert tk.growth_targets(s.colours, s.irrigated, s.bamboo, tk.Hex(1, 0)) == [tk.Hex(1, -1)]


def test_TK_IMP_4_growth_amount() -> None:
    """A fertilizer doubles a growth unless the option exempts it; other chips do not."""
    assert tk.growth_amount("F") == 2
    assert tk.growth_amount("F", fertilized=False) == 1
    assert [tk.growth_amount(i) for i in (None, "W", "E")] == [1, 1, 1]


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_TK_W_2_rain_grows_by_growth_amount(variant: int) -> None:
    """apply(Grow) adds growth_amount(improvement, fertilizer_on_rain) sections, up to 4."""
    for before, action, after in _of(variant, tk.Grow):
        fert = before.options.fertilizer_on_rain
        assert _grown(before, after) == _expected_growth(before, [action.plot], fert)


def test_TK_PAN_2_panda_eats_where_the_engine_eats() -> None:
    """panda_eats is True exactly when apply(MovePanda) takes a section to the board."""
    moves = _of(0, tk.MovePanda)
    assert any(tk.panda_eats(a.plot, b.bamboo, b.improvements) for b, a, _ in moves)
    for before, action, after in moves:
        eats = tk.panda_eats(action.plot, before.bamboo, before.improvements)
        p = before.player
        assert (sum(after.eaten[p]) - sum(before.eaten[p]) == 1) is eats
        assert bool(_grown(before, after)) is eats


def test_TK_PAN_4_panda_eats_nothing_under_an_enclosure_or_on_the_pond() -> None:
    """Enclosure, pond and bare plot: no meal; a plot with bamboo: one section."""
    plots = ((1, 0, "GE", 2), (1, -1, "G", 1), (0, -1, "Y", 0))
    s = tk.position(plots=plots)
    eats = [tk.panda_eats(tk.Hex(*h[:2]), s.bamboo, s.improvements) for h in plots]
    assert eats == [False, True, False]
    assert not tk.panda_eats(tk.POND, s.bamboo, s.improvements)


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_TK_IRR_6_newly_irrigated_plots_grow_once(variant: int) -> None:
    """A channel irrigates newly_irrigated(...) and each grows by growth_amount(improvement,
    fertilizer_on_first_growth); nothing else changes."""
    for before, action, after in _of(variant, tk.PlaceChannel):
        fresh = tk.newly_irrigated(before.irrigated, action.edge.hexes())
        assert after.irrigated == before.irrigated | set(fresh)
        fert = before.options.fertilizer_on_first_growth
        assert _grown(before, after) == _expected_growth(before, fresh, fert)


def test_TK_PLOT_4_watered_on_placement_is_what_the_engine_irrigates() -> None:
    """A placed plot is irrigated (and grows once) exactly when watered_on_placement says."""
    for variant in range(len(_VARIANTS)):
        for before, action, after in _of(variant, tk.PlacePlot):
            assert before.kept is not None
            chip = None if action.improvement is None else _LETTER[action.improvement]
            watered = tk.watered_on_placement(action.plot, before.kept, chip)
            assert (action.plot in after.irrigated) is watered
            improvement = tk.placed_improvement(before.kept, chip)
            assert after.improvements.get(action.plot) == improvement
            fert = before.options.fertilizer_on_first_growth
            grown = tk.growth_amount(improvement, fert) if watered else 0
            assert after.bamboo[action.plot] == grown


def test_TK_IMP_5_watershed_chip_irrigates_its_plot() -> None:
    """A placed chip irrigates its plot exactly when improvement_irrigates (the watershed)."""
    chips = [t for v in range(len(_VARIANTS)) for t in _of(v, tk.PlaceImprovement)]
    assert any(a.improvement == "watershed" for _, a, _ in chips)
    for before, action, after in chips:
        letter = _LETTER[action.improvement]
        irrigated = action.plot in before.irrigated or tk.improvement_irrigates(letter)
        assert (action.plot in after.irrigated) is irrigated
    assert [tk.improvement_irrigates(i) for i in ("W", "E", "F", None)] == [
        True,
        False,
        False,
        False,
    ]


def test_TK_CMP_4_TK_CMP_5_shoot_helpers() -> None:
    """Single shoot: colour, exactly the improvement, 4 high; multi-shoot: colour, exactly 3
    (at least 3 with the variant); an overgrown bamboo may no longer count when exact."""
    fertilized = tk.CARDS["G01"]  # green, 4 high, fertilizer
    assert tk.shoot_counts(fertilized, "G", "F", 4)
    assert not tk.shoot_counts(fertilized, "G", "E", 4)
    assert not tk.shoot_counts(fertilized, "G", "F", 3)
    assert tk.shoot_may_count(fertilized, "G", "F", 0)
    assert not tk.shoot_may_count(fertilized, "Y", "F", 4)
    bare = tk.CARDS["G04"]  # green, crossed-out improvement
    assert tk.shoot_counts(bare, "G", None, 4) and not tk.shoot_counts(bare, "G", "W", 4)
    three = tk.CARDS["G05"]  # green, 4 bamboos of 3
    assert three.shoots > 1
    assert tk.shoot_counts(three, "G", "E", 3) and not tk.shoot_counts(three, "G", None, 4)
    assert tk.shoot_counts(three, "G", None, 4, exact=False)
    assert not tk.shoot_may_count(three, "G", None, 4)
    assert tk.shoot_may_count(three, "G", None, 4, exact=False)


def test_TK_CMP_6_sections_missing() -> None:
    """The sections a board still lacks for a panda card; 0 when it pays."""
    card = tk.CARDS["A13"]  # one of each colour
    assert card.sections == (1, 1, 1)
    assert tk.sections_missing(card, (0, 0, 0)) == 3
    assert tk.sections_missing(card, (5, 0, 1)) == 1
    assert tk.sections_missing(card, (1, 1, 1)) == 0


@pytest.mark.parametrize("variant", range(len(_VARIANTS)))
def test_TK_CMP_3_cached_objective_checks_follow_the_garden(variant: int) -> None:
    """The objective answers a state carries over from its parent (plot cards updated through
    the newly irrigated plots, gardener cards while the bamboo is unchanged) equal a fresh check
    of the whole garden, and plot_objective_met_through finds every new placement."""
    mirror = variant == 2
    exact = not mirror
    for before, _, after in _transitions(variant)[::5]:
        fresh = after.irrigated - before.irrigated
        for card in tk.CARDS:
            if card[0] == "P":
                full = plot_objective_met(card, after.colours, after.irrigated, mirror)
                assert after.plot_card_met(card) is full
                through = any(
                    tk.plot_objective_met_through(card, after.colours, after.irrigated, h, mirror)
                    for h in fresh
                )
                assert full is (before.plot_card_met(card) or through)
            elif card[0] == "G":
                full = gardener_objective_met(
                    card, after.colours, after.bamboo, after.improvements, exact
                )
                assert after.gardener_card_met(card) is full


def test_views_reusing_the_last_refill_equal_fresh_views() -> None:
    """A view built from the hidden cards of the previous view equals one built from scratch."""
    for before, _, after in _transitions(0)[:300]:
        for seat in range(after.num_players):
            before.view(seat)
            fresh = tk.State.from_dict(after.to_dict())
            assert after.view(seat).to_dict() == fresh.view(seat).to_dict()


def test_TK_TURN_1_repr_and_picture_count_turns_alike() -> None:
    """repr and str both number the game's first turn 1; in a 2-player game the weather is
    first rolled on turn 3, the first player's second turn."""
    s = tk.new_game(2, 0)
    rng = random.Random(0)
    first_phase = {}
    while s.turn < 3:
        number = s.turn + 1
        assert f"turn {number} " in repr(s) and f"turn {number}," in str(s)
        first_phase.setdefault(number, s.phase)
        legal = s.legal_actions()
        end = [a for a in legal if type(a) is tk.EndTurn]
        s = s.apply(end[0] if end else legal[rng.randrange(len(legal))])
    assert first_phase == {1: "actions", 2: "actions", 3: "roll"}
    assert "turn 4 " in repr(s) and "turn 4," in str(s)


def test_heuristic_bot_shared_by_both_seats_plays_as_two_bots() -> None:
    """The bot reuses a valued garden only while the view's objects are the same: one bot
    object playing both seats plays the same game as one bot per seat."""
    from bamboo_lab.bots.takenoko import TakenokoBot

    shared = TakenokoBot()
    one, _ = play_game("takenoko", shared, seed=4)
    two, _ = play_game("takenoko", [TakenokoBot(), TakenokoBot()], seed=4)
    assert one.actions == two.actions


def test_history_written_out_on_demand_is_the_tuple_of_actions() -> None:
    """apply does not copy the history: ``state.history`` writes it out when read, as the
    tuple of the actions played, and states compare equal whether it is written out or not."""
    rng = random.Random(3)
    s = tk.new_game(2, 3)
    played = []
    states = [s]
    for _ in range(200):
        legal = s.legal_actions()
        action = legal[rng.randrange(len(legal))]
        played.append(action)
        s = s.apply(action)
        states.append(s)
    mid = states[120]
    assert mid.history == tuple(played[:120])  # written out in the middle of the line first
    assert type(s.history) is tuple and s.history == tuple(played)
    assert len(states[199].history) == 199 and states[5].history == tuple(played[:5])
    again = tk.State.from_dict(s.to_dict())  # a loaded state holds a plain tuple
    assert again == s and s == again
    assert s.view(0) == again.view(0)
    assert s != states[199]


def test_TK_BAM_1_grown_height_never_exceeds_4() -> None:
    """A growth adds its sections up to 4 and no further."""
    assert [tk.grown_height(h, 1) for h in range(5)] == [1, 2, 3, 4, 4]
    assert [tk.grown_height(h, 2) for h in range(5)] == [2, 3, 4, 4, 4]
