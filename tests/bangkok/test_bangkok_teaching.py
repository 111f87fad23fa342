"""Bangkok teaching surface: the position builder, explain with rule IDs, card look-ups, custom
cards, shift_line and port_placements."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from bangkok_helpers import FILLER, built, played_on_under_harness, refusals

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError, InvalidStateError
from bamboo_lab.core.protocol import Explanation
from bamboo_lab.games import bangkok as bk


def test_position_defaults_are_a_setup_like_playable_state() -> None:
    """Nothing named: each seat holds its initial set (BK-SET-3), the port is dealt with 2 chilli
    and 7 boat cards (BK-SET-5), and the position plays to an end under every check."""
    state = built(players=3)
    chilli = [c for c in state.port if state.deck.chilli[c]]
    assert len(chilli) == 2 and all(c >= 0 for c in state.port)
    for seat in range(3):
        assert {state.deck.cards[c].initial_set for c in state.hands[seat]} == {seat + 1}
    assert state.inventory() == bk.new_game(3, 0).inventory()
    assert state.start == {k: v for k, v in state.to_dict().items() if k != "start"}
    assert played_on_under_harness(state, 1).outcome() is not None


@pytest.mark.parametrize("seed", range(4))
def test_built_positions_play_on_under_the_harness(seed: int) -> None:
    """A teacher's mid-game position (markets, hands, objectives, turn) plays on at random."""
    state = built(
        players=2,
        port=[["Z", "F", "P"], ["BF", "BB", "C2:B/B"], ["FF", "C1:B/F", "B"]],
        hands=[["ZP", "B", "F"], ["PP", "Z", "ZF"]],
        markets=[["C4:PF/Z", "B", None, "ZB", *[None] * 5], [None] * 9],
        objectives=["fish", "Thai zucchini"],
        player=1,
        turn=3,
        seed=seed,
    )
    assert state.current_player == 1 and state.objective(1) == "thai_zucchini"
    final = played_on_under_harness(state, seed)
    assert final.outcome() is not None and final.start == state.start


def test_position_takes_num_players_as_the_other_games_do() -> None:
    """``num_players`` (positional or keyword) is the other games' name for ``players``."""
    assert bk.position(3).num_players == bk.position(num_players=3).num_players == 3
    with pytest.raises(InvalidStateError, match="players"):
        bk.position(num_players=0)


def test_position_phases_collect_and_lay() -> None:
    """Phase "collect" takes the placed card and its slot; phase "lay" more than 3 cards."""
    collect = built(
        port=["Z", "F", "P", *FILLER],
        hands=[["B", "F"], ["PB", "ZB", "PF"]],
        placed="ZP",
        slot="R1",
        phase="collect",
    )
    assert [str(a) for a in collect.legal_actions()] == ["take:1+3"]
    lay = built(
        port=["Z", "F", "P", *FILLER],
        hands=[["B", "F", "PP", "ZZ"], ["PB", "ZB", "PF"]],
        phase="lay",
    )
    assert {a.cell for a in lay.legal_actions()} == {1}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "players"),
        ({"players": True}, "players"),
        ({"hands": [["P"]]}, "one entry per seat"),
        ({"hands": ["P", "Z"]}, "list of card specs"),
        ({"port": ["P"] * 8}, "9 cells"),
        ({"objectives": ["fish", "fish"]}, "distinct"),
        ({"objectives": ["rice", "fish"]}, "unknown good 'rice'"),
        (
            {"hands": [[f"C{t}:P/P" for t in (2, 2, 2, 2, 2)] * 4, []], "custom_cards": True},
            "no card left",
        ),
        ({"hands": [["C2:P/P", "C2:P/P", "B"], []]}, "holds 1 such card"),
        ({"custom_cards": "yes"}, "custom_cards must be true or false"),
        ({"player": 1, "turn": 0}, "to_move"),
        ({"phase": "collect"}, "placed card"),
        ({"phase": "lay"}, "more than 3"),
        ({"port": ["Q", *["P"] * 8]}, "unknown good 'Q'"),
        ({"seed": -1}, "seed"),
    ],
)
def test_position_refuses_impossible_requests(kwargs: dict[str, Any], message: str) -> None:
    """An impossible request raises InvalidStateError saying what ran out or conflicts."""
    with pytest.raises(InvalidStateError, match=message):
        bk.position(**kwargs)


def test_custom_card_replaces_a_deck_card_of_its_kind() -> None:
    """One custom card (a spec the deck does not hold) needs no 60-card deck: it replaces the
    last free deck card of its kind, and the changed deck travels in the options."""
    state = built(
        port=["ZZZ", "F", "P", *FILLER], hands=[["C4:PZ/FF", "B", "F"], ["PB", "ZB", "PF"]]
    )
    specs = state.deck.specs
    assert "ZZZ" in specs and "C4:PZ/FF" in specs and "ZZZ" not in bk.RECONSTRUCTED_DECK
    changed = [i for i, s in enumerate(specs) if s != bk.RECONSTRUCTED_DECK[i]]
    assert len(changed) == 2
    assert {state.deck.cards[i].kind for i in changed} == {"boat", "chilli"}
    assert state.inventory() == bk.new_game(2, 0).inventory()
    assert state.options.deck == specs
    assert played_on_under_harness(state, 3).is_over()


def test_cards_by_spec_kind_goods_and_type() -> None:
    """Cards by spec (goods in any order), kind, goods (printed names accepted), chilli type."""
    assert [c.spec for c in bk.cards("ZP", kind="boat")] == ["PZ", "PZ"]
    assert [c.spec for c in bk.cards("C3:FB/Z")] == ["C3:BF/Z"]
    assert [c.spec for c in bk.cards("1:P")] == ["1:P"]
    assert all(c.chilli_type == 2 for c in bk.cards(chilli_type=2))
    assert len(bk.cards(kind="chilli")) == 16 and len(bk.cards()) == 60
    printed = bk.cards(goods=["Thai zucchini", "passion fruit"])
    assert printed == bk.cards(goods=["Z", "P"]) == bk.cards(goods=["thai_zucchini", "P"])
    assert all({"thai_zucchini", "passion_fruit"} <= set(c.goods) for c in printed)
    with pytest.raises(InvalidStateError, match="unknown good"):
        bk.cards(goods="thai zucchini")
    with pytest.raises(InvalidStateError, match="kind"):
        bk.cards(kind="rice")
    with pytest.raises(InvalidStateError):
        bk.cards("C9:P/P")


@pytest.mark.parametrize("case", range(19))
def test_every_refusing_rule_is_named_by_explain_and_by_the_error(case: int) -> None:
    """explain gives the rule ID and a sentence; apply and parse_action raise
    IllegalActionError(rule=ID) whose message has the sentence, the ID, action, phase, player;
    nothing changes."""
    state, action, rule = refusals()[case]
    why = bk.explain(state, action)
    assert isinstance(why, Explanation) and not why and why.rule == rule and why.reason
    assert bk.explain(state, str(action)) == why
    before = state.to_dict()
    for attempt in (lambda: state.apply(action), lambda: bk.parse_action(str(action), state)):
        with pytest.raises(IllegalActionError) as info:
            attempt()
        message = str(info.value)
        assert info.value.rule == rule and f"({rule})" in message and why.reason in message
        assert str(action) in message and f"phase {state.phase}" in message
        seat = "" if state.is_over() else f" for player {state.player}"
        assert f"is illegal{seat} in phase" in message  # a finished game names no player
    assert state.to_dict() == before


def test_explain_legal_and_malformed() -> None:
    """A legal action is explained as legal; malformed text or objects raise InvalidActionError."""
    state = bk.new_game(2, 5)
    legal = state.legal_actions()[0]
    assert bk.explain(state, legal) and bk.explain(state, str(legal)).rule is None
    for bad in ("place:#0P@X1", "take:3+1", "lay", 7, None, object()):
        with pytest.raises(InvalidActionError):
            bk.explain(state, bad)


@pytest.mark.parametrize("seed", range(3))
def test_explain_sweep_names_a_rule_for_every_refusal(seed: int) -> None:
    """Random states and illegal actions taken from other states' legal actions: each refusal
    names a checklist rule ID (never None, never a generic "not legal now")."""
    rng = random.Random(seed)
    states = []
    for n in (1, 2, 3, 4):
        state = bk.new_game(n, seed)
        while not state.is_over():
            states.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    pool = sorted({str(a) for s in states for a in s.legal_actions()})
    checklist = {
        "BK-ACT-1",
        "BK-ACT-2",
        "BK-ACT-3",
        "BK-ACT-4",
        "BK-SOLO-2",
        "BK-MKT-1",
        "BK-MKT-2",
        "BK-MKT-3",
        "BK-MKT-4",
        "BK-MKT-5",
        "BK-EXP-1",
        "BK-RENEW-1",
        "BK-END-1",
    }
    seen = set()
    finals = [s for s in states if s.is_over()]
    for state in [*rng.sample(states, 60), *finals]:
        legal = {str(a) for a in state.legal_actions()}
        for text in rng.sample(pool, 40):
            why = bk.explain(state, text)
            assert why.legal == (text in legal)
            if not why:
                assert why.rule in checklist and why.reason and "not legal now" not in why.reason
                seen.add(why.rule)
    assert {"BK-ACT-1", "BK-END-1"} <= seen


def test_chilli_explanations_name_each_card_of_a_market_built_from_specs() -> None:
    """ChilliScore.explain() named every chilli card of a spec-built market "#0"."""
    c = bk.parse_card_spec
    market = [c("C4:BZ/P"), c("B"), c("BZ"), c("FF"), c("C3:FB/B"), c("BBF"), c("ZF")]
    lines = [s.explain() for s in bk.score_market([*market, c("BP"), c("C1:P/Z")], "fish").chillies]
    assert [line.split(" in cell")[0] for line in lines] == [
        "chilli C4:BZ/P",
        "chilli C3:FB/B",
        "chilli C1:P/Z",
    ]
    assert "#0" not in " ".join(lines)


def test_collectable_sets_give_the_same_cells_from_either_side_of_a_line() -> None:
    """BK-ACT-3: a line is given in reading order (left to right, top to bottom) whatever side
    the card is placed on, so both ends of a row give the same positions, as the engine does."""
    c = bk.parse_card_spec
    line = [c("Z"), c("PB"), c("P")]
    left = bk.collectable_sets(c("ZP"), line)
    assert left == ((0, 1), (0, 2))
    for slot in ("L1", "R1"):
        state = bk.position(
            port=["Z", "PB", "P", *FILLER],
            hands=[["B", "F"], ["PB", "ZB", "PF"]],
            placed="ZP",
            slot=slot,
            phase="collect",
        )
        assert [tuple(i - 1 for i in a.cells) for a in state.legal_actions()] == list(left)


def test_evolve_with_new_options_brings_their_deck() -> None:
    """State.evolve(options=...) kept the old deck (and action tables) of the state."""
    state = bk.new_game(2, 1)
    deck = list(bk.RECONSTRUCTED_DECK)
    deck[deck.index("C2:P/P")] = "C2:PZ/PP"
    other = state.evolve(options=bk.Options(deck=tuple(deck)))
    assert "C2:PZ/PP" in other.deck.specs
    assert other.deck.specs == tuple(deck)
    assert other.action_tables[0][0][0].face == other.deck.labels[0]


def test_legal_action_cache_belongs_to_each_state() -> None:
    """Caches belong to the state: a state built by evolve recomputes its own legal actions."""
    state = bk.position(
        port=["Z", "F", "P", *FILLER],
        hands=[["B", "F", "PP", "ZZ"], ["PB", "ZB", "PF"]],
        phase="lay",
    )
    lays = state.legal_actions()
    after = state.apply(lays[0])
    assert after.legal_actions() != lays and state.legal_actions() == lays


def test_from_dict_refuses_seat_0_to_move_at_turn_1() -> None:
    """BK-SET-1: seat 0 plays first, so after 1 turn of 2 players seat 1 is to move."""
    data = bk.new_game(2, 3).to_dict()
    data["turn"] = 1
    with pytest.raises(InvalidStateError, match="to_move"):
        bk.State.from_dict(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__("colour", "red"),
        lambda d: d.__setitem__("turn", 2**80),
        lambda d: d["port"].__setitem__(0, 10**5000),
        lambda d: d.__setitem__("start", {"game": "bangkok"}),
        lambda d: d.__setitem__("start", 7),
        lambda d: d.__setitem__("history", ["x" * 10**5]),
    ],
)
def test_from_dict_refuses_unknown_keys_huge_ints_and_bad_starts(change: Any) -> None:
    """Unknown keys, huge ints and malformed starting positions are InvalidStateError."""
    data = bk.new_game(2, 3).to_dict()
    change(data)
    with pytest.raises(InvalidStateError):
        bk.State.from_dict(data)


def test_start_round_trips_and_views_redact_it() -> None:
    """A built position is its own start; apply keeps it; to_dict/from_dict carry it; a view
    hides the other seats' objectives in the start too."""
    state = bk.position(port=["Z", "F", "P", *FILLER], hands=[["ZP", "B", "F"], ["PB", "ZB", "PF"]])
    moved = state.apply(state.legal_actions()[0])
    assert moved.start == state.start
    again = bk.State.from_dict(json.loads(json.dumps(moved.to_dict())))
    assert again.start == state.start and again == moved
    view = moved.view(0)
    assert view.start is not None and view.start["pontoons"][1] is None
    assert bk.new_game(2, 1).start is None and "start" not in bk.new_game(2, 1).to_dict()


def test_collect_none_and_look_alike_values_are_refused_when_built() -> None:
    """``bk.Collect(None)`` crashed with a TypeError in phase "collect"; ``Collect((True,))``
    was applied and left a history ``take:True`` that no longer loaded. Both are refused when
    the action is built, naming the action and the field; the state is never touched."""
    with pytest.raises(InvalidActionError, match=r"Collect\.cells"):
        bk.Collect(None)  # type: ignore[arg-type]
    for cells in ((True,), (1.0,), (1, 1), (3, 1), (0,), (10,), (2**70,), ("1",), (1, 2, 3, 4)):
        with pytest.raises(InvalidActionError, match=r"Collect\.cells"):
            bk.Collect(cells)  # type: ignore[arg-type]
    for build, field in (
        (lambda: bk.PlaceAtPort(True, "P", "R1"), "PlaceAtPort.card"),  # type: ignore[arg-type]
        (lambda: bk.PlaceAtPort(0, "p", "R1"), "PlaceAtPort.face"),
        (lambda: bk.PlaceAtPort(0, "P", None), "PlaceAtPort.slot"),  # type: ignore[arg-type]
        (lambda: bk.LayInMarket(0, "P", 1.0), "LayInMarket.cell"),  # type: ignore[arg-type]
        (lambda: bk.LayInMarket(10**5000, "P", 1), "LayInMarket.card"),
        (lambda: bk.Renew(None), "Renew.line"),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidActionError, match=field):
            build()
    state = bk.new_game(2, 1)
    for foreign in (None, "pass", 3, object()):
        with pytest.raises(InvalidActionError):
            state.apply(foreign)


def test_new_game_checks_its_arguments() -> None:
    """new_game refuses bool, float or 0 players and seeds outside 0..2**64-1."""
    for players, seed in ((True, 0), (2.0, 0), (0, 0), (2, -1), (2, 2**64), (2, 1.5)):
        with pytest.raises(InvalidStateError):
            bk.new_game(players, seed)  # type: ignore[arg-type]
