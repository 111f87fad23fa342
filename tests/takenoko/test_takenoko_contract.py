"""Tests of docs/rules/takenoko.md that no one section holds: the game contract.

Conformance, the registry, determinism, records, the pinned action table, refusals, the
rule helpers checked against ``apply`` on random games, and the package's shape (no private
doors, no cycle, short modules); bad input, fuzzing and views are in the sub-topic files
test_takenoko_contract_bad_input.py, test_takenoko_contract_fuzz.py and
test_takenoko_contract_views.py.
"""

from __future__ import annotations

import ast
import hashlib
import random
from pathlib import Path

import pytest
from harness import check_game, random_playout
from takenoko_helpers import act, sample_transitions

from bamboo_lab.core.protocol import CHANCE
from bamboo_lab.games import load
from bamboo_lab.games import takenoko as tk
from bamboo_lab.sim import play_game

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


# The table every_action() pinned on 2026-12-01 (the envs' action space): its length and a digest
# of its notations, one a line; a change here renumbers every trained agent's actions.
EVERY_ACTION_COUNT = 8170


EVERY_ACTION_DIGEST = "67d9109e25f15b606e2e624f9120ed4213fcbe6a163954634a96ef3ea9e7b650"


PACKAGE = Path(tk.__file__).parent


MODULES = {path.stem: ast.parse(path.read_text()) for path in sorted(PACKAGE.glob("*.py"))}


def _runtime_imports(tree: ast.Module) -> set[str]:
    """The sibling modules a module imports when it runs (not under ``if TYPE_CHECKING``)."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and sub.level == 1:
                if sub.module:
                    out.add(sub.module.split(".")[0])
                else:
                    out.update(alias.name for alias in sub.names)
    return out & set(MODULES)


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


def test_parse_accepts_other_spellings_of_the_same_action() -> None:
    """A channel written with its plots in either order names the same edge."""
    s = tk.position(plots=((1, 0, "G", 1), (1, -1, "G", 1)), stored_channels={0: 1})
    assert tk.parse_action("channel 1,-1/1,0", s) == tk.parse_action("channel 1,0/1,-1", s)
    assert tk.parse_action("  action   plot ", s) == tk.ChooseAction("plot")


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

    assert RULEBOOK.game == tk.State.game  # apply checks through the shared pipeline
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


def test_views_reusing_the_last_refill_equal_fresh_views() -> None:
    """A view built from the hidden cards of the previous view equals one built from scratch."""
    for before, _, after in sample_transitions(0)[:300]:
        for seat in range(after.num_players):
            before.view(seat)
            fresh = tk.State.from_dict(after.to_dict())
            assert after.view(seat).to_dict() == fresh.view(seat).to_dict()


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


def test_no_module_reads_another_modules_private_names() -> None:
    """No ``from .m import _x`` and no ``obj._x`` on anything but ``self``/``cls``."""
    offences = []
    for name, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                offences += [f"{name}: import {a.name}" for a in node.names if a.name[0] == "_"]
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                offences.append(f"{name}: {ast.unparse(node)}")
    assert offences == []


def test_no_import_cycle_between_the_modules_of_the_game() -> None:
    """The runtime imports between the package's modules form no cycle."""
    graph = {name: _runtime_imports(tree) for name, tree in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        if name in done:
            return
        for nxt in sorted(graph[name]):
            visit(nxt, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_largest_module_is_under_600_lines() -> None:
    """Every module of the package stays readable: under 600 lines."""
    sizes = {path.name: len(path.read_text().splitlines()) for path in PACKAGE.glob("*.py")}
    assert max(sizes.values()) < 600, sizes


def test_rules_dispatch_through_one_handler_per_action_type() -> None:
    """State.apply looks its handler up by the action's type; every action type has one."""
    from bamboo_lab.games.takenoko import rules

    handlers = vars(rules)["HANDLERS"]
    assert set(handlers) == set(tk.ACTION_TYPES)


def test_the_rules_work_dict_has_exactly_the_state_fields() -> None:
    """``state.Work`` (the rules' typed work dict) names every State field and ``history``,
    with the same types, and a state's ``fields()`` has exactly those keys."""
    from typing import get_type_hints

    from bamboo_lab.games.takenoko.work import Work

    own = vars(tk.State)["__annotations__"]  # not RichDisplay's
    state_fields_and_caches = get_type_hints(tk.State)
    state_fields = {
        name: hint
        for name, hint in get_type_hints(tk.State).items()
        if name in own and name not in ("game", "rulebook", "kept_values", "_kept", "_legal")
    }  # constants, and what a state works out once
    work_fields = get_type_hints(Work)
    for name in ("_kept", "_legal"):  # not fields
        assert work_fields.pop(name) == state_fields_and_caches[name]
    assert set(work_fields) == {*state_fields, "history"}
    assert {name: work_fields[name] for name in state_fields} == state_fields
    assert set(tk.new_game(2, 0).fields()) == set(work_fields)
    assert set(tk.position(3, plots=((1, 0, "G", 1),)).fields()) == set(work_fields)


def test_played_and_reloaded_gardens_hold_the_tables_own_hexes_and_edges() -> None:
    """Every hex and edge of a random game's garden, and of that garden saved and loaded
    again, is the geometry tables' own object: a dict finds such a key by identity before
    comparing, which every rule's lookups rely on for their speed."""
    from bamboo_lab.games.takenoko.geometry import ALL_HEXES, EDGE_ENDS, hex_of

    table_hexes = {id(place) for place in ALL_HEXES}
    table_edges = {id(boundary) for boundary in EDGE_ENDS}
    assert hex_of(3, -2) is next(place for place in ALL_HEXES if place == (3, -2))
    rng = random.Random(5)
    state = tk.new_game(2, seed=5)
    for _ in range(400):
        if state.is_over():
            break
        if state.current_player == CHANCE:
            state = state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    for garden in (state, tk.State.from_dict(state.to_dict())):
        hexes = [*garden.tiles, *garden.irrigated, *garden.bamboo, *garden.plot_spots]
        assert len(garden.tiles) > 10
        assert all(id(place) in table_hexes for place in hexes)
        assert id(garden.gardener) in table_hexes and id(garden.panda) in table_hexes
        edges = [*garden.channels, *garden.channel_spots]
        assert all(id(boundary) in table_edges for boundary in edges)


def test_actions_built_from_text_or_tuples_hold_the_tables_own_hexes_and_edges() -> None:
    """An action made from notation or plain tuples holds the geometry tables' objects, so a
    table of actions built from it never leaks a copy into a later game's garden."""
    from bamboo_lab.games.takenoko.geometry import ALL_HEXES, EDGE_ENDS

    table_hexes = {id(place) for place in ALL_HEXES}
    table_edges = {id(boundary) for boundary in EDGE_ENDS}
    for channel in (
        tk.PlaceChannel(((1, 0), (1, -1))),
        tk.PlaceChannel(((1, 0), 2)),
        tk.PlaceChannel((tk.Hex(1, 0), 2)),
    ):
        assert id(channel.edge) in table_edges
    assert id(tk.MoveGardener((1, -1)).plot) in table_hexes
    assert id(tk.MoveGardener(tk.Hex(1, -1)).plot) in table_hexes
