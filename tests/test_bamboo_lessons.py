"""The Bamboo lessons read moves in the board's words (bamboo_lab.exercises.bamboo_lessons):
``move`` and ``play`` take a move's label, an illegal one is refused in words with its rule,
and words naming no move are refused with the moves of the moment, nothing changed."""

from __future__ import annotations

import random

import pytest

from bamboo_lab.core.errors import IllegalActionError, InvalidActionError
from bamboo_lab.exercises import bamboo_edge_cases as edge
from bamboo_lab.exercises import bamboo_lessons as lessons
from bamboo_lab.games import bamboo as bb
from bamboo_lab.games.bamboo.words import label


def test_every_legal_move_is_read_back_from_its_words() -> None:
    """A whole seeded game, each move played by its words: every legal move of every
    position reads back to itself."""
    state = bb.new_game(2, seed=5)
    chooser = random.Random(5)
    kinds = set()
    while not state.is_over():
        legal = state.legal_actions()
        for action in legal:
            words = label(action)
            found = lessons.move(state, words)
            # two home tiles alike in the market are one move to a student: the same words
            assert label(found) == words and found in legal
            kinds.add(type(action).__name__)
        state = lessons.play(state, label(chooser.choice(legal)))
    assert {"Receive", "ScoreBalanceTile", "UseSpirit", "Feed", "PlaceHomeTile"} <= kinds


def test_every_action_of_the_game_is_named_by_its_words() -> None:
    """Each of the game's actions, legal now or not, is found by its words (identical home
    tiles share theirs); the pass too."""
    start = lessons.first_turn()
    for action in bb.every_action():
        assert label(lessons.move(start, label(action))) == label(action)
    assert lessons.move(start, "pass for the Summer") == bb.Pass()


def test_words_are_read_whatever_their_case_and_spacing_and_notation_still_reads() -> None:
    start = lessons.first_turn()
    said = lessons.play(start, "Visit  the GREEN temple", "offer a stick to the green temple")
    assert said == lessons.play(start, "visit green", "offer green")
    assert lessons.move(said, "activate the green wildcard shoot in stalk 1") == bb.Activate(
        "Gw", 1
    )


def test_BB_SUM_2_an_illegal_move_in_words_is_refused_in_words_with_its_rule() -> None:
    marked = edge.marker_on_red()
    refusal = r"'visit the red temple' is illegal for player 0: .*\(BB-SUM-2\)"
    with pytest.raises(IllegalActionError, match=refusal) as refused:
        lessons.play(marked, "visit the red temple")
    assert refused.value.rule == "BB-SUM-2" and marked == edge.marker_on_red()
    table = edge.verdicts(marked, "visit the red temple", "visit yellow")
    assert table.column("move") == ["visit the red temple", "visit the yellow temple"]
    assert table.column("allowed") == ["no", "yes"]


def test_unknown_words_are_refused_listing_the_moves_in_words_nothing_changed() -> None:
    start = lessons.first_turn()
    with pytest.raises(InvalidActionError) as refused:
        lessons.play(start, "visit the green temple", "dance in the bamboo")
    said = str(refused.value)
    assert "'dance in the bamboo' names no Bamboo move: player 0 may" in said
    assert "offer a stick to the green temple" in said and "offer green" not in said
    assert start == lessons.first_turn()
    with pytest.raises(InvalidActionError, match="names no Bamboo move"):
        edge.verdicts(start, "visit the purple temple")


def test_BB_ACT_7_a_wildcards_choices_say_what_each_action_does() -> None:
    """A wildcard's four choices name the basic action and what it gives (BB-ACT-1, -4, -5,
    -6), not a bare action word."""
    said = {basic: label(bb.Choose(basic)) for basic in ("balance", "improve", "cook", "fund")}
    assert said["fund"] == "use it as fund: take 2 coins"
    assert said["cook"] == "use it as cook: take food from the display"
    assert all(words.startswith(f"use it as {basic}: ") for basic, words in said.items())
