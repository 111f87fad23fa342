"""Every answer of the French FAQ (bamboo-summary-fr.txt, "Questions et points de règles")."""

from __future__ import annotations

import pytest
from bamboo_helpers import (
    code,
    finish_turn,
    home_id,
    last_turn,
    mine,
    plain_homes,
    play,
    to_summer,
    to_winter,
    visit_position,
    with_board,
    with_stalk,
)

from bamboo_lab.core.errors import IllegalActionError
from bamboo_lab.games import bamboo
from bamboo_lab.games.bamboo import GHOST, harmony_penalty, home_from_text, temple_majority


def test_fr_faq_1_same_stock_twice_in_a_row() -> None:
    """« Peut-on choisir le même stock deux tours de suite ? Non. ... Le tout premier choix est
    libre parmi les stocks disponibles. »"""
    s = visit_position(temples=(("Rb",), ("Yb",), (), ()), reserve=4, coins=0)
    assert {str(a) for a in s.legal_actions()} == {"visit red", "visit yellow"}
    s = with_board(s, s.player, marker=0)
    with pytest.raises(IllegalActionError):
        s.apply(bamboo.VisitTemple("red"))


def test_fr_faq_2_move_every_shoot_even_short_of_incense() -> None:
    """« Faut-il déplacer tous les bambous si l'encens ne suffit pas ? Oui. ... récupérez tout de
    même autant de nouvelles sections que vous en avez déplacées. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), ("Yb",), (), ()), reserve=1, coins=0)
    p = s.player
    s = play(s, "visit red")
    assert s.activations == 1 and len(s.pending) == 3
    s = finish_turn(s)
    assert s.boards[p].shoots == 4


def test_fr_faq_3_at_most_two_new_shoots_per_stalk() -> None:
    """« Une pousse peut recevoir au maximum deux nouvelles sections pendant ce placement. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc"), (), (), ()), reserve=3, coins=0)
    s = play(s, "visit red", "activate Rb 2", "hp", "activate Ri 2", "coin")
    assert {a.stalk for a in s.legal_actions() if isinstance(a, bamboo.Activate)} == {1, 3, 4}


def test_fr_faq_4_full_stock_shoot_joins_another() -> None:
    """« Placez la nouvelle section dans un emplacement disponible d'un autre stock. Elle est alors
    considérée comme faisant partie de ce stock pour tous les usages. »"""
    s = visit_position(temples=(("Rb", "Ri", "Rc", "Rf"), ("Yb",), (), ()), reserve=2, coins=0)
    p = s.player
    s = with_stalk(s, 0, ("Gb", "Gi", "Rw"))
    s = play(s, "visit yellow", "activate Yb 1", "hp", "receive blue")
    assert s.boards[p].temples[3] == (code("Rw"),)
    assert s.phase == "visit" and s.player != p  # p's turn is over
    s = bamboo.position(
        base=s, player=p
    )  # p's next turn: the red wildcard now belongs to the blue stock
    s = play(s, "visit blue")
    assert s.pending == (code("Rw"),) and s.activations == 1
    assert mine(s, 3) == (p,) and mine(s, 0) == ()  # the offering goes to the blue temple


def test_fr_faq_5_pattern_needs_a_balance_action() -> None:
    """« Réaliser le motif d'un objectif donne-t-il immédiatement ses points ? Non. Il faut
    effectuer une action Équilibre ... À la fin, ... la moitié de ses points, arrondie au
    supérieur. »"""
    s = visit_position(temples=(("Ri",), (), (), ()), reserve=1, coins=0)
    p = s.player
    tile = bamboo.HOME_TILES[home_id("D", 1)]
    s = bamboo.position(base=s, home_market=[[tile.name], []])
    s = with_board(s, p, balance=(bamboo.balance_tile("L01").id,))
    s = play(s, "visit red", "activate Ri 1")
    s = with_board(s, p, coins=5)
    s = play(s, f"buy {tile.name}", "home 0,0")
    assert s.boards[p].hp == 5 + tile.hp  # no balance points yet
    assert s.final_breakdown(p)["balance"] == 1  # 2 HP tile left unscored: half rounded up


def test_fr_faq_6_incense_tie_and_the_ghost() -> None:
    """« Le joueur à égalité qui a placé un bâton en dernier reçoit l'Esprit ... À deux, le joueur
    fantôme peut gagner ; l'Esprit obtenu par lui est alors retiré de la partie. »"""
    assert temple_majority([0, 1])[0] == 1
    assert temple_majority([GHOST, GHOST, 0])[0] == GHOST

    tiles = to_summer().temple_tiles
    zero, tie, lose = tiles.index(0), tiles.index(3), 3 - tiles[::-1].index(3)

    def main(s: bamboo.State, p: int) -> list[list[int]]:
        ghost = [[GHOST] * v for v in s.temple_tiles]
        ghost[tie] += [1 - p] * 3  # 3 against the ghost's 3, placed last: the player wins
        ghost[lose] += [1 - p]  # 1 against 3: the ghost wins
        return ghost

    s = last_turn(2, main, zero)
    p = s.player
    spirits = [st[0] for st in s.spirit_stacks]
    s = finish_turn(play(s, f"visit {bamboo.components.COLOURS[zero]}"))
    assert s.boards[1 - p].spirits == (spirits[tie],)
    assert sorted(s.spirit_out) == sorted(spirits[t] for t in range(4) if t not in (zero, tie))


def test_fr_faq_7_food_cannot_be_kept_to_lose_happiness() -> None:
    """« Peut-on garder sa nourriture et choisir de perdre du bonheur ? Non. ... Si vous payez plus
    que nécessaire, l'excédent est perdu. »"""
    s = to_winter(home=plain_homes(1) + (-1,) * 14, food=(0, 0, 1))
    p = s.player
    assert [str(a) for a in s.legal_actions()] == ["feed ramen"]
    s = play(s, "feed ramen")
    assert s.boards[p].food == (0, 0, 0) and s.boards[p].hp == 5


def test_fr_faq_8_harmony_uses_comfort_not_tile_count() -> None:
    """« L'équilibre de la demeure dépend-il du nombre de tuiles ... ? Il dépend du total de leurs
    points de confort. »"""
    assert harmony_penalty(home_from_text("(0,0):G/3 (0,3):D/1 (0,4):D/1 (1,4):F/1")) == 0
    assert harmony_penalty(home_from_text("(0,0):G/1 (0,4):D/1 (1,4):F/1")) == -2
