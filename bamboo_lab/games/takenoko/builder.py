"""New games and positions: :func:`new_game` sets a game up from a seed, :func:`position` builds
any position a teacher describes.

The parts named are checked and the rest is completed from a fresh game, so every component is
conserved; the result goes through :meth:`State.from_dict`, so it is validated like a saved game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bamboo_lab.core.checks import check_setup, short_repr
from bamboo_lab.core.errors import BambooLabError, InvalidStateError
from bamboo_lab.core.hexgrid import Edge, Hex

from .components import (
    CARDS,
    CHANNEL_SUPPLY,
    COLOUR_INDEX,
    IMPROVEMENT_INDEX,
    IMPROVEMENT_NAMES,
    PLOT_TILES,
)
from .deal import deal
from .geometry import POND, edge_between, parse_hex
from .options import Options
from .picture import parse_garden
from .state import PLAYER_COUNTS, State

__all__ = ["garden_from_text", "new_game", "position"]

_PlotRow = tuple[Any, ...]


def new_game(
    num_players: int, seed: int, options: Options | Mapping[str, Any] | None = None
) -> State:
    """Set up a game: shuffled plot pile and objective decks, one card of each kind per player."""
    check_setup("Takenoko", num_players, seed, PLAYER_COUNTS)
    opts = Options.coerce(options)
    if opts.start_player == "choose" and opts.first_player >= num_players:
        raise InvalidStateError(
            f"Options.first_player {opts.first_player} is not a seat of {num_players} players"
        )
    return State(deal(num_players, seed, opts))


def _bad(message: str) -> InvalidStateError:
    return InvalidStateError(f"takenoko.position: {message}")


def _as_hex(value: Any, what: str) -> Hex:
    if isinstance(value, Hex):
        return value
    if isinstance(value, str):
        place = parse_hex(value.strip())
        if place is not None:
            return place
    elif (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(type(coordinate) is int for coordinate in value)
    ):
        return Hex(value[0], value[1])
    raise _bad(f"{what} must be a hex: Hex(q, r), (q, r) or 'q,r', not {short_repr(value)}")


def _as_edge(value: Any) -> Edge:
    if isinstance(value, Edge):
        return value
    if isinstance(value, str) and value.count("/") == 1:
        first, second = value.split("/")
        ends: Any = (first, second)
    elif isinstance(value, tuple | list) and len(value) == 2:
        ends = value
    else:
        raise _bad(f"a channel is an Edge, 'q,r/q,r' or two hexes, not {short_repr(value)}")
    try:
        return edge_between(_as_hex(ends[0], "a channel end"), _as_hex(ends[1], "a channel end"))
    except ValueError as exc:
        raise _bad(f"channel {short_repr(value)}: {exc}") from exc


def _seat_map(value: Any, num: int, what: str) -> dict[int, Any]:
    if value is None:
        return {}
    if isinstance(value, Mapping):
        items = list(value.items())
    elif isinstance(value, list | tuple) and len(value) == num:
        items = list(enumerate(value))
    else:
        raise _bad(f"{what} must map seats to values, or list one value per seat")
    for seat, _ in items:
        if type(seat) is not int or not 0 <= seat < num:
            raise _bad(f"{what}: no seat {short_repr(seat)} in a {num}-player game")
    return dict(items)


def _garden_rows(garden: str) -> tuple[list[_PlotRow], Hex | None, Hex | None, Any]:
    """Plot rows ``(q, r, tile, height, chip, written irrigated)`` of a garden text."""
    read = parse_garden(garden)
    rows: list[_PlotRow] = []
    for place, (colour, height, imp, printed, wet) in sorted(read.plots.items()):
        tile = colour + (imp if printed and imp else "")
        rows.append((place.q, place.r, tile, height, None if printed else imp, wet))
    return rows, read.gardener, read.panda, read.channels


def position(
    num_players: int = 2,
    *,
    garden: str | None = None,
    plots: Iterable[_PlotRow] = (),
    channels: Iterable[Any] | None = None,
    gardener: Any = None,
    panda: Any = None,
    hands: Any = None,
    completed: Any = None,
    eaten: Any = None,
    stored_channels: Any = None,
    stored_improvements: Any = None,
    player: int | None = None,
    turn: int | None = None,
    phase: str = "actions",
    weather: str | None = None,
    used: Iterable[str] = (),
    drawn: Iterable[str] = (),
    kept: str | None = None,
    emperor: int | None = None,
    final_turns_left: int | None = None,
    options: Options | Mapping[str, Any] | None = None,
    seed: int = 0,
) -> State:
    """A validated position built from the parts a teacher names; the rest is completed from a
    fresh game of ``seed`` so every component is conserved (``inventory()`` is unchanged).

    ``num_players`` may be given by position (``position(3, ...)``); every other argument is
    keyword-only.

    ``garden`` is a garden text (the rows ``str(state)`` prints, or ``q,r=<cell>`` entries; a
    ``channels:`` line adds channels); ``plots`` adds rows ``(q, r, tile, height)`` or
    ``(q, r, tile, height, chip letter)``, ``tile`` being a colour letter plus the printed
    improvement (``"GF"``). Plots, chips and sections come from the pile and the reserves;
    ``hands``/``completed`` (seat -> card ids) from the decks (an unnamed hand keeps its
    setup cards; every player keeps a card of each deck, in hand or completed: TK-SET-4);
    ``eaten``, ``stored_channels`` and ``stored_improvements`` (W, E, F counts) from the
    reserves. ``player`` and ``turn`` default to a turn after everybody's first, so
    the weather is rolled; ``phase`` and ``weather`` name the pending decision. The result's
    ``start`` is its own to_dict. An impossible request raises InvalidStateError saying what
    ran out or conflicts.
    """
    try:
        return _build(num_players, seed, options, dict(locals()))
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        if isinstance(exc, BambooLabError):
            raise
        raise _bad(f"malformed argument: {type(exc).__name__}: {exc}") from exc


def _build(num_players: int, seed: int, options: Any, parts: dict[str, Any]) -> State:
    """:func:`position`'s work (``parts`` are its keyword arguments)."""
    num = num_players
    data = new_game(num_players, seed, options).to_dict()
    rows, gardener, panda, channels = _garden_parts(parts)
    # plots from the pile, chips and sections from the reserve
    pile = list(data["plot_deck"])
    chip_reserve = list(data["reserve"]["improvements"])
    bamboo_reserve = list(data["reserve"]["bamboo"])
    data["plots"] = _take_plots(rows, pile, chip_reserve, bamboo_reserve)
    _place_channels(data, channels, parts["stored_channels"], num)
    _store_on_boards(data, parts, chip_reserve, bamboo_reserve, num)
    _draw_plots(data, pile, parts["drawn"], parts["kept"])
    hands, completed = parts["hands"], parts["completed"]
    _deal(data, num, _seat_map(hands, num, "hands"), _seat_map(completed, num, "completed"))
    _set_turn(data, parts, num)
    data["gardener"] = list(_as_hex(gardener if gardener is not None else POND, "gardener"))
    data["panda"] = list(_as_hex(panda if panda is not None else POND, "panda"))
    state = _load(data)
    _check_written_irrigation(state, rows)
    return state


def _garden_parts(parts: dict[str, Any]) -> tuple[list[_PlotRow], Any, Any, Iterable[Any]]:
    """The plot rows of ``garden`` then of ``plots``, and the gardener, the panda and the
    channels (those named, else the garden text's)."""
    rows: list[_PlotRow] = []
    gardener, panda, text_channels = parts["gardener"], parts["panda"], None
    if parts["garden"] is not None:
        rows, g_at, p_at, text_channels = _garden_rows(parts["garden"])
        gardener = g_at if gardener is None else gardener
        panda = p_at if panda is None else panda
    for row in parts["plots"]:
        if not isinstance(row, tuple | list) or len(row) not in (4, 5):
            raise _bad(f"a plot row is (q, r, tile, height[, chip]), not {short_repr(row)}")
        rows.append((*(*row, None)[:5], None))
    channels = parts["channels"]
    return rows, gardener, panda, channels if channels is not None else text_channels or ()


def _take_plots(
    rows: list[_PlotRow], pile: list[str], chip_reserve: list[int], bamboo_reserve: list[int]
) -> list[list[Any]]:
    """The plots laid, each taken from ``pile``, its chip and sections from the reserves."""
    out_rows = []
    for plot_q, plot_r, tile, height, chip, _ in rows:
        if tile not in PLOT_TILES:
            raise _bad(
                f"unknown plot tile {short_repr(tile)} (a colour G/Y/P, maybe a printed W/E/F)"
            )
        if tile not in pile:
            raise _bad(f"no {tile} plot is left: the box has {PLOT_TILES.count(tile)}")
        pile.remove(tile)
        if chip is not None:
            _take_chip(chip, tile, plot_q, plot_r, chip_reserve)
        if type(height) is not int:
            raise _bad(
                f"the height on {plot_q},{plot_r} must be an integer, not {short_repr(height)}"
            )
        bamboo_reserve[COLOUR_INDEX[tile[0]]] -= height
        out_rows.append([plot_q, plot_r, tile, height, tile[1] if len(tile) > 1 else chip])
    return out_rows


def _take_chip(chip: Any, tile: str, plot_q: Any, plot_r: Any, chip_reserve: list[int]) -> None:
    """Take the chip attached to the plot ``tile`` at ``plot_q,plot_r`` from the reserve."""
    if chip not in IMPROVEMENT_INDEX:
        raise _bad(f"unknown chip {short_repr(chip)} (W, E or F)")
    if len(tile) > 1:
        raise _bad(f"plot {plot_q},{plot_r} has a printed improvement and cannot take a chip")
    chip_reserve[IMPROVEMENT_INDEX[chip]] -= 1
    if chip_reserve[IMPROVEMENT_INDEX[chip]] < 0:
        raise _bad(f"the 3 {IMPROVEMENT_NAMES[chip]} chips are all used")


def _place_channels(data: dict[str, Any], channels: Iterable[Any], stored: Any, num: int) -> None:
    """The channels in the garden and those stored on the boards, from the box's supply."""
    edges = [_as_edge(channel) for channel in channels]
    data["channels"] = [[edge.hex.q, edge.hex.r, edge.side] for edge in edges]
    channel_reserve = CHANNEL_SUPPLY - len(edges)
    for seat, count in _seat_map(stored, num, "stored_channels").items():
        data["players"][seat]["channels"] = count
        channel_reserve -= count if type(count) is int else 0
    if channel_reserve < 0:
        raise _bad(f"only {CHANNEL_SUPPLY} irrigation channels are in the box")
    data["reserve"]["channels"] = channel_reserve


def _store_on_boards(
    data: dict[str, Any],
    parts: dict[str, Any],
    chip_reserve: list[int],
    bamboo_reserve: list[int],
    num: int,
) -> None:
    """The improvement chips stored and the sections eaten on the boards, from the reserves."""
    stored = _seat_map(parts["stored_improvements"], num, "stored_improvements")
    for seat, chips in stored.items():
        data["players"][seat]["improvements"] = list(chips)
        for index in range(3):
            chip_reserve[index] -= chips[index]
    if min(chip_reserve) < 0:
        raise _bad("more improvement chips are used than the box holds (3 of each)")
    for seat, sections in _seat_map(parts["eaten"], num, "eaten").items():
        data["players"][seat]["eaten"] = list(sections)
        for index in range(3):
            bamboo_reserve[index] -= sections[index]
    data["reserve"]["bamboo"] = bamboo_reserve
    data["reserve"]["improvements"] = chip_reserve


def _draw_plots(data: dict[str, Any], pile: list[str], drawn: Iterable[str], kept: Any) -> None:
    """The drawn and kept plots, from the pile too."""
    drawn = list(drawn)
    for tile in [*drawn, *([kept] if kept is not None else [])]:
        if tile not in pile:
            raise _bad(f"no {short_repr(tile)} plot is left in the pile to draw")
        pile.remove(tile)
    data["plot_deck"], data["drawn"], data["kept"] = pile, drawn, kept


def _set_turn(data: dict[str, Any], parts: dict[str, Any], num: int) -> None:
    """Whose turn it is and the pending decision (by default a turn after everybody's first)."""
    start = data["start_player"]
    data["player"] = start if parts["player"] is None else parts["player"]
    turn = parts["turn"]
    if turn is None:
        turn = num + ((data["player"] - start) % num if type(data["player"]) is int else 0)
    data["turn"] = turn
    weather = parts["weather"]
    data["phase"], data["weather"], data["used"] = parts["phase"], weather, list(parts["used"])
    data["allowed"] = 3 if weather == "sun" else 2
    data["emperor"], data["final_turns_left"] = parts["emperor"], parts["final_turns_left"]


def _deal(data: dict[str, Any], num: int, hands: dict[int, Any], done: dict[int, Any]) -> None:
    """Give the named hands and completed cards, taken from the decks or the other hands."""
    named = [card for cards in (*hands.values(), *done.values()) for card in cards]
    for card in named:
        if not isinstance(card, str) or card not in CARDS:
            raise _bad(f"unknown objective card {short_repr(card)} (P01-P15, G01-G15, A01-A15)")
    if len(set(named)) != len(named):
        raise _bad("an objective card is named twice (every card exists once)")
    taken = set(named)
    decks = {
        kind: [card for card in deck if card not in taken] for kind, deck in data["decks"].items()
    }
    for seat in range(num):
        for key, chosen in (("hand", hands), ("completed", done)):
            if seat in chosen:
                for card in data["players"][seat][key]:
                    if card not in taken:
                        decks[CARDS[card].deck].append(card)
                data["players"][seat][key] = list(chosen[seat])
            else:
                kept = []
                for card in data["players"][seat][key]:
                    if card in taken:  # named for someone else: deal another of its kind
                        deck = decks[CARDS[card].deck]
                        if not deck:
                            raise _bad(f"no {CARDS[card].deck} objective is left to deal")
                        card = deck.pop(0)
                    kept.append(card)
                data["players"][seat][key] = kept
    data["decks"] = decks


def _load(data: dict[str, Any]) -> State:
    first = State.from_dict(data)
    data = first.to_dict()
    return State.from_dict({**data, "start": data})


def _check_written_irrigation(state: State, rows: list[_PlotRow]) -> None:
    """Plots written in upper case must be irrigated, in lower case dry (the picture's cells)."""
    for plot_q, plot_r, _, _, _, wet in rows:
        if wet is None:
            continue
        place = Hex(plot_q, plot_r)
        if wet != (place in state.irrigated):
            how = "irrigated (upper case)" if wet else "dry (lower case)"
            really = "irrigated" if place in state.irrigated else "dry"
            raise _bad(
                f"plot {plot_q},{plot_r} is written {how} but is {really}: a plot is irrigated"
                " beside the pond, beside a channel or with a watershed (TK-IRR-5)"
            )


def garden_from_text(text: str, num_players: int = 2, **parts: Any) -> State:
    """``position(num_players, garden=text, ...)``: a position whose garden is ``text``."""
    return position(num_players=num_players, garden=text, **parts)
