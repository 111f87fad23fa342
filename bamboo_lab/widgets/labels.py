"""Rulebook words for actions: the button labels, their groups and the log lines.

The words come from each game's rulebook; the notation (``str(action)``) is kept beside them so
a student learns it too. Nothing here decides legality: the labels only name actions the
engine listed.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "SCORE_ROWS",
    "button_label",
    "decision_words",
    "group_of",
    "label_of",
    "log_line",
    "score_cell",
    "season_events",
    "short_text",
    "weather_words",
]

_TK_GROUPS = {
    "Roll": "weather die",
    "ChooseWeather": "choose the weather",
    "Grow": "rain: grow bamboo",
    "TakeImprovement": "clouds: take an improvement",
    "Pass": "weather",
    "ChooseAction": "choose an action",
    "KeepPlot": "keep one drawn plot",
    "PlacePlot": "place the plot",
    "ReturnPlots": "return the other plots",
    "PlaceChannel": "place an irrigation channel",
    "MoveGardener": "move the gardener",
    "MovePanda": "move the panda",
    "DrawObjective": "draw an objective card",
    "PlaceImprovement": "place a stored improvement",
    "Claim": "complete an objective",
    "EndTurn": "end the turn",
}
_TK_KINDS = {
    "plot": "plots: draw 3, keep 1",
    "irrigation": "irrigation: take a channel",
    "gardener": "gardener: grow bamboo",
    "panda": "panda: eat bamboo",
    "objective": "objective: draw a card",
}
_TK_COLOURS = {"G": "green", "Y": "yellow", "P": "pink"}
_TK_PRINTED = {"W": "watershed", "E": "enclosure", "F": "fertilizer"}

_BB_GROUPS = {
    "DraftShoot": "draft a shoot",
    "ChooseGift": "gift from the forest",
    "Pass": "pass",
    "VisitTemple": "visit a temple",
    "Offer": "offer incense",
    "Activate": "activate a shoot in a stalk",
    "Place": "place a shoot (no action)",
    "Receive": "receive the ejected shoot",
    "Choose": "choose",
    "TakeBalanceTile": "obtain a balance tile",
    "ScoreBalanceTile": "score a balance tile",
    "BuyHomeTile": "buy a home tile",
    "PlaceHomeTile": "place the home tile",
    "TakeFood": "take food",
    "UseSpirit": "use a spirit",
    "WakeSpirit": "wake a spirit",
    "Feed": "feed the family",
    "EndTurn": "end the turn",
}
_BB_COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
_BB_SHOOT_ACTIONS = {
    "b": "balance",
    "i": "improve",
    "c": "cook",
    "f": "fund",
    "w": "wildcard",
}
_BB_CHOICES = {
    "hp": "take 1 HP",
    "coin": "take 1 coin",
    "decline": "decline the action",
    "done": "done",
    "refill": "refill the food first",
}

_BK_GROUPS = {
    "PlaceAtPort": "place a hand card at the port",
    "Collect": "collect port cards",
    "LayInMarket": "lay a card in your market",
    "Renew": "renew a port line",
    "Pass": "pass",
}
_BK_GOODS = {"P": "passion fruit", "Z": "thai zucchini", "B": "blue peas", "F": "fish"}
_BK_SIDES = {"L": "left of row", "R": "right of row", "T": "above column", "B": "below column"}


def group_of(game: str, action: Any) -> str:
    """The button group of ``action``: its kind in rulebook words."""
    kind = type(action).__name__
    if game == "bangkok" and kind in ("PlaceAtPort", "LayInMarket"):
        where = "at the port" if kind == "PlaceAtPort" else "in your market"
        verb = "place" if kind == "PlaceAtPort" else "lay"
        return f"{verb} card #{action.card} ({_bk_face(action.face)}) {where}"
    table = {"takenoko": _TK_GROUPS, "bamboo": _BB_GROUPS, "bangkok": _BK_GROUPS}[game]
    return table.get(kind, kind)


def _hex(h: Any) -> str:
    return f"{h.q},{h.r}"


def _shoot(code: str) -> str:
    colour = _BB_COLOURS.get(code[:1], code[:1])
    action = _BB_SHOOT_ACTIONS.get(code[1:2], code[1:2])
    return f"{colour} {action} shoot"


def _bk_face(face: str) -> str:
    chilli = face.startswith("*")
    goods = ", ".join(_BK_GOODS.get(g, g) for g in face.lstrip("*"))
    return f"{'chilli card ' if chilli else ''}{goods}"


def _plot_name(tile: str) -> str:
    """``"PW"`` -> ``pink (printed watershed)``."""
    printed = f" (printed {_TK_PRINTED[tile[1]]})" if len(tile) > 1 else ""
    return f"{_TK_COLOURS.get(tile[0], tile[0])}{printed}"


def _plots_unseen(state: Any) -> bool:
    """True when ``state`` is a view whose viewer is not the player drawing the plots."""
    viewer = getattr(state, "viewer", None)
    return viewer is not None and viewer != getattr(state, "player", None)


def _takenoko(action: Any, state: Any) -> str:
    kind = type(action).__name__
    if kind == "Roll":
        return f"the weather die shows {action.face}"
    if kind == "ChooseWeather":
        return f"weather: {action.face}"
    if kind == "Grow":
        return f"grow bamboo on {_hex(action.plot)}"
    if kind == "TakeImprovement":
        return f"take a {action.improvement} chip"
    if kind == "Pass":
        return "do not use the weather"
    if kind == "ChooseAction":
        return _TK_KINDS.get(action.kind, action.kind)
    if kind == "KeepPlot":
        drawn = getattr(state, "drawn", ())
        if _plots_unseen(state):  # TK-PLOT-1: only the player who drew them sees the plots
            return "keep one of the drawn plots"
        if 0 < action.index <= len(drawn):
            return f"keep the {_plot_name(drawn[action.index - 1])} plot"
        return f"keep plot {action.index}"
    if kind == "PlacePlot":
        chip = f" with a {action.improvement} chip" if action.improvement else ""
        return f"plot on {_hex(action.plot)}{chip}"
    if kind == "ReturnPlots":
        drawn = getattr(state, "drawn", ())
        if _plots_unseen(state):
            return "return the other plots under the pile"
        if len(drawn) >= max(action.order):
            top, under = (_plot_name(drawn[i - 1]) for i in action.order)
            return f"return the {top} plot on top of the {under} plot"
        return f"return plot {action.order[0]} on top, then {action.order[1]}"
    if kind == "PlaceChannel":
        a = action.edge.hex
        b = a.neighbor(action.edge.side)
        return f"channel between {_hex(a)} and {_hex(b)}"
    if kind == "MoveGardener":
        return f"gardener to {_hex(action.plot)}"
    if kind == "MovePanda":
        return f"panda to {_hex(action.plot)}"
    if kind == "DrawObjective":
        return f"draw a {action.deck} objective"
    if kind == "PlaceImprovement":
        return f"{action.improvement} chip on {_hex(action.plot)}"
    if kind == "Claim":
        from bamboo_lab.games import takenoko

        card = takenoko.CARDS[action.card]
        return f"complete {action.card} ({card.points} points)"
    if kind == "EndTurn":
        return "end the turn"
    return str(action)


def _bamboo(action: Any) -> str:
    kind = type(action).__name__
    if kind == "DraftShoot":
        return f"draft the {_shoot(action.shoot)}"
    if kind == "ChooseGift":
        return f"gift: {action.gift}"
    if kind in ("VisitTemple", "Offer", "Receive"):
        verbs = {"VisitTemple": "visit", "Offer": "offer a stick to", "Receive": "receive into"}
        return f"{verbs[kind]} the {action.temple} temple"
    if kind in ("Activate", "Place"):
        verb = "activate" if kind == "Activate" else "place"
        return f"{verb} the {_shoot(action.shoot)} in stalk {action.stalk}"
    if kind == "Choose":
        return _BB_CHOICES.get(action.option, action.option)
    if kind == "TakeBalanceTile":
        return f"obtain balance tile {action.tile}"
    if kind == "ScoreBalanceTile":
        return f"score balance tile {action.tile}"
    if kind == "BuyHomeTile":
        return f"buy home tile {action.tile}"
    if kind == "PlaceHomeTile":
        return f"home tile on row {action.row}, column {action.col}"
    if kind == "TakeFood":
        return f"take {action.food}"
    if kind == "UseSpirit":
        return f"use {action.spirit}"
    if kind == "WakeSpirit":
        return f"wake {action.spirit}"
    if kind == "Feed":
        return f"pay {action.food}"
    if kind == "EndTurn":
        return "end the turn"
    if kind == "Pass":
        return "pass for the Summer"
    return str(action)


def _bangkok(action: Any) -> str:
    kind = type(action).__name__
    if kind == "PlaceAtPort":
        side = _BK_SIDES.get(action.slot[0], action.slot[0])
        where = f"{action.slot} ({side} {action.slot[1]})"
        return f"#{action.card} ({_bk_face(action.face)}) at {where}"
    if kind == "Collect":
        return (
            "collect cell"
            + ("s " if len(action.cells) > 1 else " ")
            + "+".join(str(c) for c in action.cells)
        )
    if kind == "LayInMarket":
        return f"#{action.card} ({_bk_face(action.face)}) in cell {action.cell}"
    if kind == "Renew":
        what, n = action.line[:3], action.line[3:]
        return f"renew {'row' if what == 'row' else 'column'} {n}"
    if kind == "Pass":
        return "pass"
    return str(action)


def label_of(game: str, action: Any, state: Any = None) -> str:
    """The button label of ``action`` in rulebook words (``state`` names the drawn plots)."""
    if game == "takenoko":
        return _takenoko(action, state)
    if game == "bamboo":
        return _bamboo(action)
    return _bangkok(action)


def button_label(game: str, action: Any, state: Any = None) -> str:
    """The words on a button: as :func:`label_of`, without what its group already says."""
    kind = type(action).__name__
    if game == "bangkok" and kind == "PlaceAtPort":  # the slot's name on the picture first
        return f"{action.slot} ({_BK_SIDES.get(action.slot[0], action.slot[0])} {action.slot[1]})"
    if game == "bangkok" and kind == "LayInMarket":
        return f"cell {action.cell}"
    return label_of(game, action, state)


def log_line(game: str, player: int, action: Any, state: Any, who: str) -> str:
    """One log line: who did what, in rulebook words, with the notation in brackets."""
    words = label_of(game, action, state)
    if player < 0:
        return f"{words}  [{action}]"
    return f"{who}: {words}  [{action}]"


_TK_WEATHER = {
    "sun": "sun: a third action this turn, all three of different kinds (TK-W-1)",
    "rain": "rain: one irrigated plot grows a section of its colour (TK-W-2)",
    "wind": "wind: the two actions may be of the same kind (TK-W-3)",
    "storm": "storm: the panda jumps to any plot and eats a section there (TK-W-4)",
    "clouds": "clouds: take an improvement chip, place it now or keep it (TK-W-5)",
    "?": "“?”: the player chooses one of the five other faces (TK-W-6)",
}


def weather_words(face: str | None) -> str:
    """What the weather face in effect does, in the rulebook's words (empty for no weather)."""
    return _TK_WEATHER.get(face, f"weather {face}") if face else ""


_TK_DECISIONS = {
    "roll": "roll the weather die",
    "choose_weather": "choose the weather",
    "rain": "rain: pick an irrigated plot to grow (or do not use the rain)",
    "storm": "storm: put the panda on any plot (or do not use the storm)",
    "clouds": "clouds: take an improvement chip (or do not use the clouds)",
    "actions": "choose an action, complete an objective, or end the turn",
    "keep_plot": "keep one of the three drawn plots",
    "place_plot": "place the plot in the garden",
    "return_plots": "put the other two plots back under the pile",
    "gardener": "move the gardener in a straight line",
    "panda": "move the panda in a straight line",
    "objective": "draw an objective card: pick the deck",
}
_BB_DECISIONS = {
    "draft": "set-up: draft a shoot",
    "gift": "Spring: take a gift from the forest",
    "visit": "Summer: visit a temple of your board",
    "offer": "Summer: offer incense at the temples",
    "place": "Summer: activate your shoots and place them in the stalks",
    "receive": "Summer: put the ejected shoot into one of your temples",
    "balance": "balance: obtain or score a balance tile (or take 1 HP)",
    "improve": "improve: buy a home tile (or take 1 coin)",
    "home": "improve: place the home tile in your home",
    "cook": "cook: take food from the display",
    "wildcard": "wildcard: choose the action it gives",
    "tengu": "Tengu: refill the food display first, or take a counter",
    "tengu_take": "Tengu: take a food counter",
    "end": "end your turn (or use a spirit)",
    "wake": "Winter: wake a sleeping spirit (or done)",
    "feed": "Winter: feed your family, one food counter at a time",
}
_BK_DECISIONS = {
    "act": "place a hand card beside the port, or renew a port line",
    "collect": "collect port cards in line with the placed card",
    "lay": "lay a collected card in your market",
}


def decision_words(game: str, state: Any) -> str:
    """The pending decision of ``state`` in rulebook words (never an engine phase name)."""
    phase = getattr(state, "phase", "")
    table = {"takenoko": _TK_DECISIONS, "bamboo": _BB_DECISIONS, "bangkok": _BK_DECISIONS}[game]
    return table.get(phase, "pick an action")


SCORE_ROWS: dict[str, dict[str, str]] = {
    "takenoko": {
        "plot": "plot objectives",
        "gardener": "gardener objectives",
        "panda": "panda objectives",
        "emperor": "the Emperor",
        "objectives": "objectives completed",
        "total": "total",
    },
    "bamboo": {
        "happiness": "happiness track (HP)",
        "spirits": "spirits",
        "harmony": "harmony",
        "balance": "balance tiles",
        "night": "night spaces",
        "comfort": "comfort",
        "total": "total",
    },
    "bangkok": {
        "objective": "pontoon good",
        "objective_points": "objective baskets",
        "chilli_points": "chilli cards",
        "complete_bonus": "complete market",
        "total": "total",
    },
}
"""The rows of a final score table: each category of the game's final score, in its words."""


def season_events(before: Any, after: Any, name: Any = lambda p: f"Player {p}") -> tuple[str, ...]:
    """Bamboo: the passes (BB-SUM-1), each temple's award in Autumn with the majority that won
    it (BB-AUT-1, BB-AUT-2) and each Winter bill (BB-WIN-2) between two states, in words."""
    from bamboo_lab.games import bamboo

    events: list[str] = []
    colours = ("red", "yellow", "green", "blue")
    for p, (was, now) in enumerate(zip(before.boards, after.boards, strict=True)):
        if now.passed and not was.passed:
            events.append(f"· {name(p)} passes for the rest of the Summer (BB-SUM-1)")
    autumn = bamboo.season(before) == "Summer" and bamboo.season(after) != "Summer"
    if autumn:
        for t, stack in enumerate(before.temples):
            spirit = before.spirit_stacks[t][0] if before.spirit_stacks[t] else None
            if not stack or spirit is None:
                continue
            ranked = bamboo.temple_majority(stack)
            counts = ", ".join(
                f"{'the ghost' if o < 0 else name(o)} {stack.count(o)}" for o in ranked
            )
            winner = "the ghost (the spirit leaves the game)" if ranked[0] < 0 else name(ranked[0])
            if len(ranked) > 1 and stack.count(ranked[0]) == stack.count(ranked[1]):
                counts += ", a tie: the stick placed last wins"
            events.append(
                f"· Autumn, {colours[t]} temple: {spirit} goes to {winner}; incense {counts}"
                " (BB-AUT-1)"
            )
    for p, (was, now) in enumerate(zip(before.boards, after.boards, strict=True)):
        starts = after.phase == "feed" and after.player == p
        starts = starts and (before.phase != "feed" or before.player != p)
        if starts:
            need = sum(1 for tile in now.home if tile >= 0)
            held = ", ".join(
                f"{n} {kind}"
                for n, kind in zip(now.food, ("tea", "rice", "ramen"), strict=True)
                if n
            )
            events.append(
                f"· Winter bill of {name(p)}: {need} food unit{'' if need == 1 else 's'}, one per"
                f" home tile; holds {held or 'no food'} (BB-WIN-2)"
            )
        if now.hp < was.hp and (autumn or bamboo.season(before) == "Winter"):
            events.append(f"· {name(p)} goes short of food: {now.hp - was.hp} HP (BB-WIN-2)")
    return tuple(events)


def short_text(value: Any) -> str:
    """``value`` as text, at most about 80 characters (a long input is cut)."""
    text = str(value)
    return text if len(text) <= 80 else text[:77] + "..."


def score_cell(value: Any) -> str:
    """One cell of the final score table (a pontoon good in words)."""
    if isinstance(value, str):
        return value.replace("_", " ")
    return "" if value is None else str(value)
