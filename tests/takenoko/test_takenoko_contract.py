"""Takenoko against the game contract: conformance, errors, determinism, views, records."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from harness import check_game, random_playout
from takenoko_helpers import act, legal_texts

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load
from bamboo_lab.games import takenoko as tk
from bamboo_lab.games.takenoko.rules import is_dead_garden

VARIANTS_A = {
    "plot_return_position": "top",
    "plot_return_order": "random",
    "plot_objective_mirror_allowed": True,
    "gardener_height_match": "at_least",
    "redraw_if_already_complete": True,
    "bamboo_supply": "limited",
    "fertilizer_on_first_growth": False,
    "fertilizer_on_rain": False,
    "storm_target_includes_pond": True,
}
VARIANTS_B = {
    "improvement_on_placement": False,
    "figures_may_cross_pond": False,
    "figures_may_stop_on_pond": False,
    "final_round": "finish_round",
    "weather_optional": False,
    "first_round_weather": True,
    "objective_deck_empty": "action_unavailable",
    "start_player": "random",
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_default_rules(players: int) -> None:
    """The conformance harness over 2, 3 and 4 players (docs/design.md, section 10)."""
    final = check_game(tk, players, 7)
    assert final.is_over() and final.outcome() is not None


@pytest.mark.parametrize(
    ("players", "options"), [(2, VARIANTS_A), (3, VARIANTS_B), (4, {"first_player": 3})]
)
def test_conformance_every_variant(players: int, options: dict[str, object]) -> None:
    """Every non-default option is played through the harness at least once (but
    ``end_on_dead_garden``, tested on its own)."""
    final = check_game(tk, players, 3, options)
    assert final.options == tk.Options.from_dict(options)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_soak(players: int) -> None:
    """More seeded games through the harness (slow)."""
    for seed in range(10, 16):
        check_game(tk, players, seed)


def test_registry_loads_takenoko() -> None:
    """The registry finds the module and its contract names."""
    module = load("takenoko")
    assert module is tk
    assert tk.NAME == "takenoko" and tk.PLAYER_COUNTS == (2, 3, 4) and tk.RULES_VERSION == "1"


def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    """Bad input raises the right error and changes nothing (docs/design.md, section 5)."""
    s = tk.new_game(2, 0)
    before = s.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(tk.ChooseAction("gardener"))  # no plot for the gardener yet
    with pytest.raises(IllegalActionError):
        tk.parse_action("action panda", s)
    with pytest.raises(IllegalActionError):
        tk.parse_action("roll sun", s)
    for text in (
        "",
        "fly away",
        "plot 1",
        "plot a,b",
        "roll thunder",
        "claim X99",
        "keep 4",
        "channel 1,0/3,0",
        "improve gold 1,0",
        "end now",
        "return 1,1",
    ):
        with pytest.raises(InvalidActionError):
            tk.parse_action(text, s)
    with pytest.raises(InvalidActionError):
        s.apply("action plot")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        tk.parse_action(42, s)  # type: ignore[arg-type]
    assert s.to_dict() == before
    with pytest.raises(AttributeError):
        s.phase = "over"  # type: ignore[misc]


def test_actions_on_a_finished_game_are_illegal() -> None:
    """Any action on a finished game raises IllegalActionError."""
    over = tk.position(phase="over", completed={0: ("A01",)})
    assert over.is_over() and over.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        over.apply(tk.EndTurn())


def test_parse_accepts_other_spellings_of_the_same_action() -> None:
    """A channel written with its plots in either order names the same edge."""
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), stored_channels={0: 1})
    assert tk.parse_action("channel 1,-1/1,0", s) == tk.parse_action("channel 1,0/1,-1", s)
    assert tk.parse_action("  action   plot ", s) == tk.ChooseAction("plot")


def test_corrupt_dicts_are_refused() -> None:
    """from_dict refuses inconsistent data with InvalidStateError."""
    good = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1))).to_dict()

    def broken(change: object) -> dict[str, object]:
        data = json.loads(json.dumps(good))
        change(data)  # type: ignore[operator]
        return data

    cases = [
        lambda d: d.update(game="bamboo"),
        lambda d: d.update(num_players=5),
        lambda d: d.update(phase="nap"),
        lambda d: d["plots"].append([4, 4, "G", 0, None]),  # plot out of thin air
        lambda d: d["plots"].__setitem__(0, [1, 0, "G", 7, None]),  # too tall
        lambda d: d["plots"].__setitem__(0, [3, 0, "G", 1, None]),  # unreachable place
        lambda d: d["channels"].append([1, 1, 0]),  # channel next to nothing
        lambda d: d["decks"]["plot"].append("P01"),  # card twice
        lambda d: d["reserve"].update(channels=3),
        lambda d: d["players"][0].update(eaten=[1, 0]),
        lambda d: d.update(history=["fly"]),
        lambda d: d.update(options={"bamboo_supply": "none"}),
        lambda d: d.pop("rng"),
        lambda d: d.update(gardener=[5, 5]),
        lambda d: d["plots"][0].__setitem__(0, True),  # a bool is not a coordinate
    ]
    for case in cases:
        with pytest.raises(InvalidStateError):
            tk.State.from_dict(broken(case))
    with pytest.raises(InvalidStateError):
        tk.State.from_dict("nonsense")  # type: ignore[arg-type]
    assert tk.State.from_dict(good).to_dict() == good


def test_determinism_same_seed_same_game() -> None:
    """Same seed, options and actions give the same states."""
    a = tk.new_game(3, 42, {"plot_return_order": "random"})
    b = tk.new_game(3, 42, {"plot_return_order": "random"})
    assert a == b
    rng = random.Random(0)
    for _ in range(200):
        if a.is_over():
            break
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        action = legal[rng.randrange(len(legal))]
        a, b = a.apply(action), b.apply(action)
        assert a == b
    assert tk.new_game(3, 43) != tk.new_game(3, 42)


def test_view_hides_hands_deck_order_and_drawn_plots() -> None:
    """view(p) hides opponents' cards, the piles' order and the plots another player drew; it
    never changes what p sees."""
    s = act(tk.new_game(3, 9), "action plot")
    v1 = s.view(1)
    assert v1.hands[1] == s.hands[1]
    assert sorted(v1.plot_deck) == v1.plot_deck or v1.drawn != s.drawn
    assert v1 == s.determinize(1, 5).view(1)
    assert s.view(0).drawn == s.drawn  # the drawer sees the plots
    seen = {s.determinize(1, k).drawn for k in range(10)}
    assert len(seen) > 1  # player 1 cannot know them
    hands = {s.determinize(2, k).hands[0] for k in range(10)}
    assert len(hands) > 1
    for k in range(5):
        other = s.determinize(2, k)
        assert other.inventory() == s.inventory()
        assert [c[0] for c in other.hands[0]] == [c[0] for c in s.hands[0]]  # the backs show
    with pytest.raises(InvalidStateError):
        s.view(3)


def test_history_notation_reveals_no_hidden_plot() -> None:
    """Drawn plots are named by position, so the record shows no plot another player drew."""
    s = act(tk.new_game(2, 1), "action plot", "keep 2", "plot 1,0", "return 2,1")
    texts = [str(a) for a in s.history]
    assert texts == ["action plot", "keep 2", "plot 1,0", "return 2,1"]


def test_text_picture_shows_the_garden() -> None:
    """str(state) draws the garden: colours, heights, improvements, figures, channels, boards."""
    plots = ((1, 0, "GF", 2), (1, -1, "Y", 1), (2, -1, "P", 0))
    s = tk.position(plots=plots, gardener=(1, 0), panda=(1, -1), stored_channels={0: 1})
    s = act(s, "channel 1,0/1,-1")
    text = str(s)
    assert "G2Fg" in text and "Y1p" in text and "P1" in text  # (2,-1) irrigated: grew
    assert "channels: 1,0/1,-1" in text and "~~" in text
    assert "P0:" in text and "P1:" in text
    assert "phase actions" in text
    assert repr(s).startswith("<takenoko.State")


def test_dead_garden_ends_the_game() -> None:
    """Options.end_on_dead_garden: a garden where no objective can ever be completed again ends
    the game (our reading; the rules are silent), and ``False`` plays on."""
    rng = random.Random(5)
    for seed in range(200):
        s = tk.new_game(2, seed)
        while not s.is_over():
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))], check=False)
        if s.emperor is None:
            break
    else:
        pytest.skip("no dead garden in these seeds")
    out = s.outcome()
    assert out is not None and "Dead garden" in out.reason
    assert is_dead_garden(s)
    assert not s.plot_deck and s.channel_reserve == 0 and not any(s.stored_channels)
    # the same position with the option off goes on
    d = s.to_dict()
    d["options"] = {"end_on_dead_garden": False}
    d["phase"] = "actions"
    d["used"] = ["irrigation", "objective"]
    d["allowed"] = 2
    again = tk.State.from_dict(d)
    nxt = again.apply(tk.EndTurn())
    assert not nxt.is_over()


def test_random_games_end_and_plies_are_typical() -> None:
    """Random players finish games well inside PLY_LIMIT, the die offering its six faces
    (TK-TURN-1), each with probability 1/6, at every roll, and every face being rolled."""
    faces = {str(tk.Roll(face)) for face in tk.WEATHER_FACES}
    assert len(faces) == 6
    rolled: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(3):
            final, plies = random_playout(tk, players, seed)
            assert final.is_over() and plies < 2_000 < tk.PLY_LIMIT
            state = tk.new_game(players, seed)
            rolls = 0
            for action in final.history:
                if state.current_player == CHANCE:
                    outcomes = state.chance_outcomes()
                    assert {str(a) for a, _ in outcomes} == faces
                    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
                    rolls += 1
                    rolled.add(str(action))
                state = state.apply(action)
            assert state == final and rolls > 0
    assert rolled == faces


def test_teaching_helpers() -> None:
    """The helpers answer on their own: irrigation, channel edges, plot places, placements,
    objective checks and the score breakdown."""
    plots = ((1, 0, "G", 1), (1, -1, "G", 1), (0, 1, "G", 1), (2, -1, "G", 0))
    s = tk.position(plots=plots, hands={0: ("P01", "G04", "A01")}, eaten={0: (2, 0, 0)})
    assert tk.is_irrigated(s, tk.Hex(1, 0)) and not tk.is_irrigated(s, tk.Hex(2, -1))
    assert len(tk.legal_channel_edges(s)) == 2
    assert tk.Hex(2, 0) in tk.legal_plot_positions(s)
    assert tk.plot_objective_placements(s, "P02") != ()
    assert tk.objective_met(s, 0, "A01") and not tk.objective_met(s, 0, "G04")
    assert tk.met_objectives(s, 0) == ("A01",)
    assert tk.score_breakdown(s)[0]["total"] == 0
    with pytest.raises(ValueError):
        tk.plot_objective_placements(s, "G01")
    with pytest.raises(ValueError):
        tk.objective_met(s, 0, "Z01")
    assert tk.CARDS["P13"].describe().startswith("P13: DIAMOND_2C of green/yellow")
    assert "no improvement" in tk.CARDS["G04"].describe()
    assert "pay 2 green" in tk.CARDS["A01"].describe()
    assert legal_texts(s)[0] == "action plot"


# The table every_action() pinned on 2026-12-01 (the envs' action space): its length and a digest
# of its notations, one a line; a change here renumbers every trained agent's actions.
EVERY_ACTION_COUNT = 8170
EVERY_ACTION_DIGEST = "67d9109e25f15b606e2e624f9120ed4213fcbe6a163954634a96ef3ea9e7b650"


def test_every_action_is_the_pinned_table_once_each() -> None:
    table = tk.every_action()
    texts = [str(action) for action in table]
    assert len(table) == EVERY_ACTION_COUNT
    assert len(set(table)) == len(table) and len(set(texts)) == len(texts)
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert digest == EVERY_ACTION_DIGEST
    assert texts[:2] == ["weather sun", "weather rain"] and texts[-1] == "channel 14,0/14,-1"
    assert not any(isinstance(action, tk.Roll) for action in table)  # chance, not a choice
    assert tk.every_action() is table  # built once


def test_every_action_matches_the_envs_table() -> None:
    from bamboo_lab.envs.tables import action_table

    assert tuple(str(action) for action in tk.every_action()) == action_table("takenoko")


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 0, None), (3, 1, VARIANTS_A), (4, 2, VARIANTS_B), (2, 3, VARIANTS_A | VARIANTS_B)],
)
def test_every_legal_action_of_random_games_is_in_every_action(
    players: int, seed: int, options: dict[str, object] | None
) -> None:
    table = set(tk.every_action())
    state = tk.new_game(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        if state.current_player == CHANCE:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        missing = [str(action) for action in legal if action not in table]
        assert not missing, f"seed {seed}: {missing[:3]} not in every_action()"
        state = state.apply(rng.choice(legal))


def test_refusal_is_none_for_a_legal_action_and_a_rule_for_an_illegal_one() -> None:
    from bamboo_lab.games.takenoko.refusals import RULEBOOK, refusal

    assert tk.State.rulebook is RULEBOOK  # apply checks through the shared pipeline
    state = tk.new_game(2, 0)
    rng = random.Random(0)
    for _ in range(60):
        if state.current_player == CHANCE:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state = state.apply(rng.choices(outcomes, weights)[0])
            continue
        legal = state.legal_actions()
        assert all(refusal(state, action) is None for action in legal)
        illegal = [action for action in tk.every_action()[:40] if action not in legal]
        for action in illegal:
            rule, sentence = refusal(state, action) or ("", "")
            assert rule.startswith("TK-") and sentence, action
        state = state.apply(rng.choice(legal))
