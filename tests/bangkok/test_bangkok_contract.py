"""Bangkok against the game contract: errors, JSON, views, determinism, records, conformance,
the fixed action list (every_action) and long seeded games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from bangkok_helpers import CUSTOM_DECK, OPTIONS, corrupt, dumped, played
from bangkok_positions import position
from harness import check_game, random_playout

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.record import GameRecord
from bamboo_lab.envs.tables import action_table
from bamboo_lab.games import bangkok as bk
from bamboo_lab.games import load, replay
from bamboo_lab.games.bangkok.components import RECONSTRUCTED_DECK, build_deck


def test_registry_loads_bangkok() -> None:
    """The registry finds the module and its contract names."""
    module = load("bangkok")
    assert module.NAME == "bangkok" and module.PLAYER_COUNTS == (1, 2, 3, 4)
    assert module.RULES_VERSION == "1" and module.PLY_LIMIT >= 1000


def test_illegal_action_raises_and_leaves_the_state_unchanged() -> None:
    """docs/design.md, section 5: a failed call leaves every state untouched."""
    state = bk.new_game(2, seed=1)
    before = dumped(state)
    with pytest.raises(IllegalActionError, match="player 0 in phase act"):
        state.apply(bk.Collect((1,)))
    with pytest.raises(IllegalActionError):
        state.apply(bk.PlaceAtPort(5, "PPZ", "L1"))  # seat 1's card
    with pytest.raises(InvalidActionError):
        state.apply("place:#0P@L1")
    assert dumped(state) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place:#0X@L1",
        "place:#0P@Q1",
        "take:3+1",
        "take:1+1",
        "take:0",
        "renew:row4",
        "lay:#0P@10",
        "Pass",
        "pass ",
        "take:1+2+3+4",
    ],
)
def test_malformed_notation_raises_invalid_action(text: str) -> None:
    """parse_action: malformed text -> InvalidActionError."""
    with pytest.raises(InvalidActionError):
        bk.parse_action(text, bk.new_game(2, seed=1))


def test_parse_action_well_formed_but_illegal() -> None:
    """parse_action: well-formed text that is not legal -> IllegalActionError."""
    state = bk.new_game(2, seed=1)
    with pytest.raises(IllegalActionError):
        bk.parse_action("take:1+2", state)
    with pytest.raises(InvalidActionError):
        bk.parse_action(7, state)  # type: ignore[arg-type]
    first = state.legal_actions()[0]
    assert bk.parse_action(str(first), state) == first


def test_no_action_after_the_game_is_over() -> None:
    """IllegalActionError "including any action on a finished game"."""
    state = bk.new_game(1, seed=3)
    while not state.is_over():
        state = state.apply(state.legal_actions()[-1])
    assert state.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(bk.Renew("row1"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("port"), "missing"),
        (lambda d: d.__setitem__("port", d["port"][:8]), "port"),
        (lambda d: d["boat_pile"].append(d["boat_pile"][0]), "once"),
        (lambda d: d["boat_pile"].pop(), "missing"),
        (lambda d: d["boat_pile"].append(d["chilli_pile"].pop()), "boat pile holds a chilli"),
        (lambda d: d.__setitem__("phase", "dance"), "phase"),
        (lambda d: d.__setitem__("pontoons", ["fish"] * 4), "distinct"),
        (lambda d: d.__setitem__("pontoons", ["rice", None, None, None]), "pontoons"),
        (lambda d: d.__setitem__("to_move", 2), "to_move"),
        (lambda d: d.__setitem__("turn", True), "turn"),
        (lambda d: d.__setitem__("history", ["jump"]), "history"),
        (lambda d: d.__setitem__("options", {"expert": "yes"}), "expert"),
        (lambda d: d.__setitem__("game", "takenoko"), "not a Bangkok"),
        (lambda d: d.__setitem__("placed", 0), "id|once"),
        (lambda d: d.__setitem__("num_players", 3), "hands"),
        (lambda d: d["hands"].__setitem__(0, ["x"]), r"hands\[0\].* must be an integer"),
        (
            lambda d: d.update(
                phase="lay",
                hands=[sorted([*d["hands"][0], d["placed"]]), d["hands"][1]],
                placed=None,
                slot=None,
            ),
            "more than 3 cards",
        ),
    ],
)
def test_corrupt_dict_raises_invalid_state(change: Any, message: str) -> None:
    """from_dict validates and raises InvalidStateError with a clear message."""
    with pytest.raises(InvalidStateError, match=message):
        bk.State.from_dict(corrupt(change))


def test_market_must_start_top_left_in_a_dict() -> None:
    """from_dict checks BK-MKT-2 on markets."""
    state = played(2, 4, 0)
    data = state.to_dict()
    card = data["boat_pile"].pop()
    data["markets"][0][4] = card
    with pytest.raises(InvalidStateError, match="top-left"):
        bk.State.from_dict(data)
    with pytest.raises(InvalidStateError):
        bk.State.from_dict([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"collect": "most"}, "collect"),
        ({"expert": 1}, "expert"),
        ({"colour": "red"}, "unknown"),
        ({"deck": ["P"] * 60}, "12 initial, 16 chilli and 32 boat"),
        ({"deck": [*RECONSTRUCTED_DECK[:-1], "PX"]}, "unknown good 'X'"),
        ({"deck": [*RECONSTRUCTED_DECK[:-1], "PZBF"]}, "1 to 3 goods"),
        ({"deck": [*RECONSTRUCTED_DECK[:-1], ""]}, "non-empty"),
        ({"deck": ["C5:P/Z", *RECONSTRUCTED_DECK[1:]]}, "type must be 1 to 4"),
        ({"deck": ["C3:P/Z", *RECONSTRUCTED_DECK[1:]]}, "exactly 2"),
        ({"deck": ["C3PZ/B", *RECONSTRUCTED_DECK[1:]]}, "must look like"),
        ({"deck": ["5:P", *RECONSTRUCTED_DECK[1:]]}, "set must be 1 to 4"),
        ({"deck": ["2:P", *RECONSTRUCTED_DECK[1:]]}, "initial set 1 must have 3"),
        ({"deck": [1] * 60}, "card-spec strings"),
    ],
)
def test_bad_options_raise_invalid_state(options: dict[str, Any], message: str) -> None:
    """A bad option or deck list never builds a game."""
    with pytest.raises(InvalidStateError, match=message):
        bk.new_game(2, seed=1, options=options)


def test_user_deck_is_used_and_recorded() -> None:
    """A user deck list goes through Options (JSON-safe) and replays from a record."""
    deck = list(RECONSTRUCTED_DECK)
    deck[deck.index("C2:P/P")] = "C2:PZ/PP"
    opts = bk.Options(deck=tuple(deck))
    state = bk.new_game(2, seed=6, options=opts)
    assert "C2:PZ/PP" in [c.spec for c in state.deck.cards]
    record = GameRecord.from_json(GameRecord("bangkok", "1", 2, 6, opts.to_dict(), ()).to_json())
    assert replay(record)[0] == state
    assert build_deck(()).specs == RECONSTRUCTED_DECK


def test_view_hides_pontoons_and_pile_order() -> None:
    """docs/design.md, section 3: views hide opponents' pontoon goods and the order of the piles."""
    state = played(3, 8, 10)
    view = state.view(1)
    assert view.pontoons[1] == state.pontoons[1]
    assert [view.pontoons[i] for i in (0, 2, 3)] == [-1, -1, -1]
    assert view.boat_pile == tuple(sorted(state.boat_pile))
    assert view.port == state.port and view.hands == state.hands
    other = state.determinize(1, seed=99)
    assert other != state
    assert other.view(1) == view
    assert other.boat_pile != state.boat_pile
    assert sorted(other.pontoons) == sorted(state.pontoons)


def test_determinism_same_actions_same_state() -> None:
    """Same seed, options and actions -> the same state."""
    a = played(4, 12, 40)
    b = played(4, 12, 40)
    assert a == b and dumped(a) == dumped(b)


def test_str_draws_port_hands_and_markets() -> None:
    """str(state) draws the port with its slots, the hands and the markets."""
    state = played(2, 3, 8)
    text = str(state)
    for word in ("Port", "L1", "R3", "T2", "B3", "Player 0", "Player 1", "hand", "|"):
        assert word in text
    collect = bk.new_game(2, seed=3)
    collect = collect.apply(
        next(a for a in collect.legal_actions() if isinstance(a, bk.PlaceAtPort))
    )
    assert "placed at" in str(collect)
    assert str(state.view(0)).count("objective hidden") == 1


def test_actions_round_trip_through_notation_and_repr() -> None:
    """Every action's text parses back and its repr evaluates to it."""
    for action in (
        bk.PlaceAtPort(23, "PZ", "R1"),
        bk.Collect((1, 3)),
        bk.LayInMarket(5, "*B", 9),
        bk.Renew("col2"),
        bk.Pass(),
    ):
        assert bk.parse_notation(str(action)) == action
        assert eval(repr(action), vars(bk)) == action


def test_pass_when_nothing_is_possible_and_blocked_end() -> None:
    """K6 (REC): with no placement and no renewal the turn passes; when every player passes in
    a row, the position can never change and the game ends."""

    z_only = ["Z", "Z", "Z", "ZZ", "C1:P/Z", "C2:Z/Z", "C3:BF/Z", "C4:PF/Z", None]
    with_z = [
        "1:ZB",
        "2:PPZ",
        "3:ZZB",
        "4:PZ",
        "PZ",
        "PZ",
        "ZB",
        "ZB",
        "ZF",
        "ZF",
        "PPZ",
        "ZZB",
        "ZBF",
        "PZF",
        "PZB",
    ]
    markets = [[*with_z[:8], None], [*with_z[8:], None, None]]
    hands = [["P", "B", "F"], ["PB", "BB", "FF"]]
    state = position(z_only, hands=hands, markets=markets, chilli_rest=False, boat_rest=False)
    assert state.legal_actions() == (bk.Pass(),)
    state = state.apply(bk.Pass())
    assert state.current_player == 1 and state.legal_actions() == (bk.Pass(),)
    state = state.apply(bk.Pass())
    assert state.is_over()
    assert "blocked" in state.outcome().reason  # type: ignore[union-attr]


@pytest.mark.parametrize(("n", "seed"), [(n, s) for n in (1, 2, 3, 4) for s in (0, 1)])
def test_conformance_default_rules(n: int, seed: int) -> None:
    """The conformance harness over every player count."""
    final = check_game(bk, n, seed)
    assert final.is_over()


@pytest.mark.parametrize(
    ("n", "options"),
    [
        (2, {"expert": True}),
        (1, {"solo": False}),
        (3, {"collect": "any"}),
        (2, {"goods_count": "distinct"}),
        (4, {"refill": "once"}),
        (2, {"clamp_type1": True}),
        (2, {"deck": tuple(reversed(RECONSTRUCTED_DECK))}),
    ],
)
def test_conformance_every_option(n: int, options: dict[str, Any]) -> None:
    """The conformance harness with every non-default option."""
    assert check_game(bk, n, 3, options).is_over()


def test_dict_without_a_legal_action_is_refused() -> None:
    """from_dict refuses a position that would leave the player without a legal action."""

    port = ["Z", "B", "F", "BF", "BB", "C2:B/B", "FF", "C1:B/F", "BF"]
    state = position(port, hands=[["P", "P"]], placed="Z", slot="L1", phase="collect")
    data = state.to_dict()
    data["slot"] = "L2"  # row 2 shows no Thai zucchini
    with pytest.raises(InvalidStateError, match="no legal action"):
        bk.State.from_dict(data)


def test_the_rules_work_dict_names_the_state_fields() -> None:
    """StateChanges (the rules' work) has a key per State field but options and start, and
    the state's own legal actions (``_legal``, not a field)."""
    from dataclasses import fields
    from typing import get_type_hints

    from bamboo_lab.games.bangkok.state import StateChanges

    names = {field.name for field in fields(bk.State)}
    assert set(get_type_hints(StateChanges)) == (names - {"options", "start"}) | {"_legal"}


@pytest.mark.parametrize(
    "options", [None, bk.Options(expert=True), bk.Options(deck=CUSTOM_DECK)], ids=str
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
    changed = [card.spec for card in bk.build_deck(CUSTOM_DECK).cards].index("C2:PZ/PP")
    custom = bk.every_action(bk.Options(deck=CUSTOM_DECK))
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


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_soak_checked_games(n: int, options: dict[str, Any]) -> None:
    """Every invariant of the harness on 5 games per player count and option set."""
    for seed in range(100, 105):
        assert check_game(bk, n, seed, options).is_over()


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_soak_random_games_end_well_within_the_ply_limit(n: int) -> None:
    """BK-END-1: 300 random games per player count end, far below PLY_LIMIT."""
    for seed in range(300):
        final, plies = random_playout(bk, n, seed, {"collect": "any"})
        assert final.is_over() and plies < bk.PLY_LIMIT // 4
        assert final.inventory() == bk.new_game(n, seed).inventory()
