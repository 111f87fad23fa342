"""The places of a picture a person clicks, and the legal actions played at each.

A place is a tuple naming one thing drawn on a board: ``("port", 5)`` (a Bangkok port cell),
``("hand", 23)`` (a hand card), ``("slot", "L2")`` (a slot beside the port), ``("market", 4)``
(a cell of your market), ``("home tile", "A11")`` and ``("balance tile", "L03")`` (tiles of
Bamboo's markets), ``("home", 1, 2)`` (a space of your home), ``("stalk", 3)``, ``("temple",
"red")`` (a temple of the main board), ``("board temple", 0, "red")`` (a temple of player 0's
board), ``("food", "rice")`` (a counter of the food display) and ``("held food", 0, "rice")`` (a
food counter player 0 holds, drawn under their home). The pictures name them in their hover
texts (:func:`place_of` reads them back) and :func:`places_of` says where each legal action is
played: nothing here decides legality. Each game's places are its widgets layer's
(``PLACE_PATTERNS``, ``places_of``, ``CLICK_WORDS``, ``probe``, ``click_refusal``: docs/widgets.md);
a game without them is played by buttons only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bamboo_lab.games import ByGame, layer_piece

__all__ = [
    "CLICK_WORDS",
    "board_piece",
    "hover_points",
    "is_clickable",
    "place_of",
    "place_words",
    "places_of",
    "reason_words",
    "refusal",
]


def board_piece(game: str, piece: str, default: Any) -> Any:
    """The fixed name ``piece`` of game ``game``'s widgets layer (``bamboo_lab.widgets.<game>``,
    docs/widgets.md), ``default`` when the game has no such piece."""
    return layer_piece(game, "widgets", piece, default)


def place_of(game: str, hover: str) -> tuple[Any, ...] | None:
    """The clickable place a hover text names (``"port cell 5 ..."`` -> ``("port", 5)``,
    ``"A11: ..."`` -> ``("home tile", "A11")``), read by the game's ``PLACE_PATTERNS``; None
    when it names none (a game without them has no place to click)."""
    for pattern, place in board_piece(game, "PLACE_PATTERNS", ()):
        found = pattern.match(hover)
        if found:
            return tuple(place(found))
    return None


_KIND_WORDS = {"port": "port cell", "hand": "hand card #", "market": "market cell"}
"""How a place's kind reads before its name, where the kind alone would not say it."""


def place_words(place: tuple[Any, ...]) -> str:
    """A place in words: ``("port", 4)`` -> ``port cell 4``, ``("board temple", 0, "red")``
    -> ``Player 0's red temple``."""
    kind, *where = place
    if kind == "board temple":
        return f"Player {where[0]}'s {where[1]} temple"
    if kind == "held food":
        return f"Player {where[0]}'s {where[1]} counter"
    if kind == "food":
        return f"the {where[0]} counter of the food display"
    if kind == "temple":
        return f"the {where[0]} temple"
    if kind == "home":
        return f"home space {where[0]},{where[1]}"
    words = _KIND_WORDS.get(kind, kind)
    return f"{words}{'' if words.endswith('#') else ' '}{where[0]}"


def hover_points(fig: Any) -> dict[str, tuple[float, float]]:
    """Each place a Plotly figure names and where it is: a point's ``customdata`` when its
    trace has one (the place's key, kept out of the hover a student reads: ``hand card #54``),
    else its hover text."""
    found: dict[str, tuple[float, float]] = {}
    for trace in fig.data:
        texts = getattr(trace, "hovertext", None)
        if trace.hoverinfo != "text" or texts is None or isinstance(texts, str):
            continue
        keys = getattr(trace, "customdata", None)
        names = (
            texts
            if keys is None
            else [str(k) if k else t for k, t in zip(keys, texts, strict=False)]
        )
        for x, y, text in zip(trace.x, trace.y, names, strict=False):
            if x is not None and y is not None:  # the gaps of a line trace
                found.setdefault(str(text), (x, y))
    return found


def places_of(game: str, action: Any, seat: int) -> tuple[tuple[Any, ...], ...]:
    """Where ``action`` of ``seat`` is played on the pictures, from the game's ``places_of``
    (empty: it has no place there and stays a button; a game without it has only buttons)."""
    where = board_piece(game, "places_of", None)
    return () if where is None else tuple(where(action, seat))


def is_clickable(game: str, action: Any, seat: int) -> bool:
    """True when ``action`` is played by clicking the picture (it gets no button)."""
    return bool(places_of(game, action, seat))


CLICK_WORDS: ByGame = ByGame("widgets", "CLICK_WORDS", {})
"""What a person clicks for each kind of place of a game, in words (the board's hint line):
``CLICK_WORDS[game][kind]``."""


def refusal(
    module: Any,
    shown: Any,
    place: tuple[Any, ...],
    selected: int | None,
    name: Callable[[tuple[Any, ...], Any], str] | None = None,
) -> str:
    """Why a click on ``place`` plays nothing now, in the rulebook's words: the game's
    ``click_refusal`` if it says, else ``You cannot <move> now: <reason> (<rule>)`` from the
    game's ``explain`` of the move its ``probe`` gives (never the engine's notation)."""
    game = shown.game
    where = place_words(place) if name is None else name(place, shown)
    refused = board_piece(game, "click_refusal", None)
    said = None if refused is None else refused(shown, place, selected)
    if said is not None:
        return str(said)
    probe = board_piece(game, "probe", None)
    notation = None if probe is None else probe(shown, place, selected)
    if notation is None:
        return f"Nothing is played by a click on {where} now."
    try:
        verdict = module.explain(shown, notation)
    except Exception:  # a malformed probe: nothing to explain
        return f"Nothing is played by a click on {where} now."
    rule = f" ({verdict.rule})" if verdict.rule else ""
    because = reason_words(game, verdict.reason)
    move = _probed_words(module, game, notation, shown)
    what = f"You cannot {move} now" if move else f"A click on {where} plays nothing now"
    return f"{what}: {because}{rule}"


def reason_words(game: str, sentence: str) -> str:
    """A refusal's sentence in the board's words: the game's ``reason`` (Bangkok names its
    slots by side), the sentence itself for a game without one."""
    words = board_piece(game, "reason", None)
    return sentence if words is None else str(words(sentence))


def _probed_words(module: Any, game: str, notation: Any, shown: Any) -> str | None:
    """The move a probe names, in words (None when the game's notation cannot be read
    without a legal position: its rulebook's ``parse``)."""
    from .labels import label_of

    rulebook: Any = getattr(module, "RULEBOOK", None)
    try:
        action = rulebook.parse(notation) if isinstance(notation, str) else notation
        return label_of(game, action, shown) if action is not None else None
    except Exception:  # the words cannot name it: the place is named instead
        return None
