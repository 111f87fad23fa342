"""Takenoko rule variants (catalog section 8); every default is the recommended reading."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.options import GameOptions

__all__ = ["Options"]


@dataclass(frozen=True)
class Options(GameOptions):
    """The rule variants of Takenoko; defaults follow the Japanese text and the catalog."""

    plot_return_position: Literal["bottom", "top"] = "bottom"
    """Where the two plots not kept go: bottom (seed-JA, catalog 10-D1) or top (seed-EN)."""

    plot_return_order: Literal["player_choice", "random"] = "player_choice"
    """Who orders the returned plots: the player (seed-EN, seed-JA) or chance (catalog 8)."""

    plot_objective_mirror_allowed: bool = False
    """Mirror images of plot shapes count (house rule); default no (catalog 10-D2, BGA)."""

    gardener_height_match: Literal["exact", "at_least"] = "exact"
    """Multi-shoot gardener cards need exactly 3 sections (seed-JA, catalog 10-D4) or 3+."""

    redraw_if_already_complete: bool = False
    """A drawn plot/gardener card already met goes to the bottom and is redrawn (BGA, catalog
    10-D7); default: it may be claimed at once (old base rules, seed-JA)."""

    bamboo_supply: Literal["unlimited", "limited"] = "unlimited"
    """Unlimited: pieces are substituted and growth is never lost (seed-JA); limited: 36/30/24
    and no growth once a colour runs out (catalog 8, 10-D6)."""

    fertilizer_on_first_growth: bool = True
    """Fertilizer doubles the first growth too (seed-JA, catalog 7.5)."""

    fertilizer_on_rain: bool = True
    """Fertilizer doubles the rain growth too (seed-JA, catalog 7.5)."""

    storm_target_includes_pond: bool = False
    """The storm may send the panda to the pond (catalog 8: the rule says "plot", OZE)."""

    improvement_on_placement: bool = True
    """A stored chip may be attached to a plot as it is placed, before its first growth
    (seed-EN "plots which were just placed", BGA; catalog 7.8)."""

    figures_may_cross_pond: bool = True
    """The gardener and the panda may move across the pond (seed-JA, catalog 8)."""

    figures_may_stop_on_pond: bool = True
    """The gardener and the panda may end their move on the pond (seed-JA, catalog 8)."""

    final_round: Literal["others_one_turn_each", "finish_round"] = "others_one_turn_each"
    """After the trigger every other player plays one more turn (seed-JA, seed-EN, catalog
    7.10), or play only to the end of the round (the common misreading, catalog 8)."""

    weather_optional: bool = True
    """Every weather effect may be declined (BGA, seed-EN "may"; catalog 4, 8)."""

    first_round_weather: bool = False
    """Roll the weather in the first round too; default no (seed-EN, seed-JA, TK-TURN-1)."""

    objective_deck_empty: Literal["choose_other_deck", "action_unavailable"] = "choose_other_deck"
    """With a deck empty, draw from another (default) or lose the objective action entirely
    (catalog 8, a reading of our own: no source addresses it)."""

    end_on_dead_garden: bool = True
    """End the game when no objective can ever be completed again (plots, channels and chips
    all used, every reachable card out of reach). Not in any source: the rules are silent on a
    game that can no longer end; a reading of our own, like chess's dead-position rule."""

    start_player: Literal["choose", "random"] = "choose"
    """The start player: the chosen seat ``first_player`` (the rulebook's tallest player,
    seed-EN) or a seat drawn from the seed (catalog 8)."""

    first_player: int = 0
    """The seat that starts when ``start_player == "choose"`` (TK-SET-5)."""

    def validate(self) -> None:
        """Check ``first_player`` is a possible seat (0 to 3)."""
        if not 0 <= self.first_player <= 3:
            raise InvalidStateError(
                f"Options.first_player must be a seat from 0 to 3, not {self.first_player}"
            )
