"""What a student reads on a board: no engine notation outside the typed box, "This turn so
far" for a turn still going on, a missed click that says what to click, a disabled button that
looks disabled, and a typed box whose example fits the decision."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("plotly")
pytest.importorskip("ipywidgets")

from bamboo_lab import widgets

NOTATION = re.compile(r"#\d|\b(take|place|lay|renew):|@[LRTB]?\d|\[")
"""Bangkok's notation: a card number, an action's verb and colon, a slot or cell after '@',
the log's old bracketed notation."""


def test_BK_ACT_1_no_bangkok_notation_in_any_board_text_over_a_whole_game() -> None:
    c = widgets.PlayController("bangkok", 2, bots=None, seed=4)
    chooser = random.Random(4)
    while not c.state.is_over():
        text = c.board(True)
        words = [text.status, text.scores, text.clicks, *text.notes, *text.log, *text.last_turn]
        words += [label for _group, items in text.buttons for label, _notation in items]
        words += [group for group, _items in text.buttons]
        words += [f"{where}: {m}" for where, moves in text.moves for m in moves]
        for said in words:
            assert not NOTATION.search(said), said
        # a click the rules refuse is refused in words too
        for cell in (1, 5, 9):
            if ("port", cell) not in c.clickable():
                c.click(("port", cell))
                assert not NOTATION.search(c.message), c.message
                assert "(BK-" in c.message or c.message.startswith("Nothing"), c.message
        assert c.play(chooser.choice(c.legal_actions())), c.message


def test_the_turn_going_on_is_this_turn_so_far_and_then_the_last_turn() -> None:
    c = widgets.PlayController("bangkok", 2, bots="heuristic", seed=7)
    place = next(a for a in c.legal_actions() if type(a).__name__ == "PlaceAtPort")
    assert c.play(place)
    assert c.board().turn_heading == "This turn so far", "the person is still to collect"
    while c.is_person_to_play():
        assert c.play(c.legal_actions()[0])
    assert c.board().turn_heading == "Last turn"
    assert c.bot_turn() and c.board().turn_heading == "Last turn", "the bot's whole turn"


def test_TK_TURN_1_last_turn_is_the_previous_turn_and_this_turn_holds_its_weather() -> None:
    """The weather die rolled as the person's turn begins is this turn's, never listed under
    the bot's "Last turn"; once the person decides, "This turn so far" opens with it, and the
    pictures mark the changes since the turn listed began."""
    c = widgets.PlayController("takenoko", 2, bots="heuristic", seed=4)
    rolls = 0
    for _round in range(3):
        while c.is_person_to_play():
            assert c.play(c.legal_actions()[0])
        assert c.bot_turn() and c.is_person_to_play()
        text, turn = c.board(), c.last_turn()
        rolled = c.steps[-1].player < 0  # the person's weather (none in the first round)
        rolls += rolled
        assert text.turn_heading == "Last turn"
        assert {step.player for step in turn if step.player >= 0} == {1}, "the bot's turn"
        assert turn[-1].line == "Player 1 (heuristic bot): end the turn", "all of it"
        assert text.last_turn == tuple(step.line for step in turn)
        first = len(c.steps) - len(turn) - rolled
        assert c.steps[first : first + len(turn)] == turn, "the roll after it is not in it"
        assert c.before_last_turn() == c.states[first].view(0)
        weather = c.steps[-1].line if rolled else None
        assert c.play(c.legal_actions()[0])
        text = c.board()
        assert text.turn_heading == "This turn so far"
        if weather is not None:
            assert text.last_turn[0] == weather and text.last_turn[1].startswith("Player 0")
    assert rolls == 3, "the weather is rolled from the second round on (TK-TURN-1)"


@pytest.mark.parametrize("game", ["bangkok", "bamboo", "takenoko"])
def test_a_disabled_button_is_grey_and_the_typed_example_fits_the_decision(game: str) -> None:
    app = widgets.play(game, players=2, bots="heuristic", seed=7)
    c = app.controller
    while c.is_bot_to_play():
        assert app.bot_button.button_style == "primary" and not app.bot_button.disabled
        app.bot_button.click()
    assert app.bot_button.disabled and app.bot_button.button_style == "", "greyed"
    assert app.undo_button.disabled == (not c.steps)
    for _ in range(6):
        if not c.is_person_to_play():
            break
        example = app.notation.placeholder.rsplit("e.g. ", 1)[-1]
        assert example in {str(a) for a in c.legal_actions()}, "a move of this decision"
        app.play(c.legal_actions()[0])


def test_a_click_on_nothing_says_what_can_be_clicked() -> None:
    app = widgets.play("bangkok", players=2, bots="heuristic", seed=7)
    assert not app.click(-50.0, -50.0)
    assert "Nothing to play there" in app.message.value
    assert "click a card of your hand" in app.message.value
    takenoko = widgets.play("takenoko", players=2, bots="heuristic", seed=7)
    assert not takenoko.click(40.0, 40.0)
    assert takenoko.message.value, "a missed click on the garden says something"


def test_the_list_of_moves_plays_what_it_says() -> None:
    app = widgets.play("bangkok", players=2, bots="heuristic", seed=7)
    c = app.controller
    entries = [text for text, _index in app.moves.options]
    assert entries and len(entries) == sum(len(m) for m in c.move_list().values())
    assert c.moves_table(first=3).rows()[-1]["where"] == "…"
    app.moves_button.click()
    assert "Choose a move" in app.message.value, "nothing chosen: it says so"
    app.moves.value = 3
    app.moves_button.click()
    where, words = entries[3].split(": ", 1)
    assert c.log[-1] == f"Player 0 (you): {words}" and where.startswith("hand card")


def test_BK_ACT_1_a_bangkok_move_is_worded_once_as_the_lessons_read_it() -> None:
    """The board, the log and the analysis tables word a Bangkok move with the words layer's
    ``label``; the lessons read those words back into the same move (a card by its goods,
    never its number; a slot by its side of the port)."""
    from bamboo_lab.analysis.position import move_namer
    from bamboo_lab.exercises import bangkok_lessons
    from bamboo_lab.games import bangkok as bk
    from bamboo_lab.games.bangkok import words
    from bamboo_lab.widgets.labels import label_of

    state = bk.new_game(num_players=2, seed=5)
    for card in state.deck.cards:  # the lessons name every card as the words layer does
        assert words.card_words(card.label) == bangkok_lessons.card_words(card)
    chooser = random.Random(5)
    kinds: set[str] = set()
    while not state.is_over():
        name = move_namer("bangkok", state)
        for action in state.legal_actions():
            said = words.label(action, state)
            assert label_of("bangkok", action, state) == said == name(action)
            assert not NOTATION.search(said) and "#" not in said, said
            kind = type(action).__name__
            kinds.add(kind)
            if kind == "Renew":  # BK-RENEW-1: a line of the port
                assert said == f"{words.button(action, state)} of the port"
                continue
            read = bangkok_lessons.move(state, said)
            assert words.label(read, state) == said and type(read) is type(action)
        state = state.apply(chooser.choice(state.legal_actions()))
    assert {"PlaceAtPort", "Collect", "LayInMarket", "Renew"} <= kinds


def test_BK_ACT_1_bangkok_card_words_name_the_goods() -> None:
    from bamboo_lab.games.bangkok import words

    assert words.card_words("F") == "fish card"
    assert words.card_words("PZ") == "passion fruit and Thai zucchini card"
    assert words.card_words("*BF") == "chilli card with blue peas and fish"
    assert words.card_words("FFP") == "fish, fish and passion fruit card"


def test_BB_ACT_4_a_bought_home_tile_is_named_by_what_it_is_never_its_box_name() -> None:
    """The moves offered and the log name a home tile as the lessons do (its price, type,
    comfort and HP), never by its box name (``A09``: only the place clicked, a tile of the
    market, says the name the picture prints on it)."""
    from bamboo_lab.games import bamboo as bb
    from bamboo_lab.games.bamboo.components import TYPES

    c = widgets.PlayController("bamboo", 2, bots=None, seed=4)
    while not any(type(a).__name__ == "BuyHomeTile" for a in c.legal_actions()):
        assert not c.state.is_over() and c.play(c.legal_actions()[0])
    buy = next(a for a in c.legal_actions() if type(a).__name__ == "BuyHomeTile")
    tile = next(t for t in bb.HOME_TILES if t.name == buy.tile)
    text = c.board(True)
    offered = [m for _where, moves in text.moves for m in moves]
    offered += [label for _group, items in text.buttons for label, _notation in items]
    assert c.play(buy)
    said = (
        f"buy the {tile.cost}-coin {TYPES[tile.type]} home tile"
        f" (comfort {tile.comfort}, {tile.hp} HP)"
    )
    assert c.log[-1].endswith(f": {said}"), c.log[-1]
    for words in [*offered, *c.log]:
        assert not re.search(r"\b[AB]\d\d\b", words), words
