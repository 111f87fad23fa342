"""Pictures of position analysis and game review (``bamboo_lab.analysis``).

``move_chances`` draws ``analyse``'s table (each move's chance to win with its interval, the
first orange only when it is clearly the best), ``outlook_bars`` ``outlook``'s (each seat's
chance to win and the spread of its final score), ``win_curve`` ``review``'s: each player's
curve joins their decisions (the win probability, from the mover's view, after the move
played). A flagged move (one that clearly cost at least the review's threshold) is a cross,
with a dotted drop from what the best move would have kept. Hovering a point shows the move,
the best move found and both probabilities.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import plotly.graph_objects as go

from bamboo_lab.analysis.tables import standing
from bamboo_lab.core.errors import InvalidStateError

from . import palette
from ._common import WIDTH, Figure, chart_style

__all__ = ["NEEDED_COLUMNS", "STANDING_COLOURS", "move_chances", "outlook_bars", "win_curve"]

NEEDED_COLUMNS = ("ply", "player", "move", "win_before", "win_after", "best", "loss", "flagged")
"""The columns of a review frame the picture reads."""


def win_curve(
    review_frame: Any,
    ply: int | None = None,
    *,
    words: Callable[[Any], str] | None = None,
    height: int = 420,
) -> go.Figure:
    """The mover's win probability after each decision, one curve per player, flagged moves
    marked; ``ply`` draws a line at that ply (the replay's position); ``words`` names an
    action object (``attrs["actions"]``, ``attrs["best_actions"]``) in the hover text."""
    import pandas as pd

    if not isinstance(review_frame, pd.DataFrame) or any(
        column not in review_frame.columns for column in NEEDED_COLUMNS
    ):
        raise InvalidStateError(
            "win_curve needs the table of bamboo_lab.analysis.review, with the columns "
            + ", ".join(NEEDED_COLUMNS)
        )
    frame = review_frame.reset_index(drop=True)
    frame.attrs = dict(review_frame.attrs)
    moves, bests = _names(frame, words)
    threshold = frame.attrs.get("threshold")
    flagged = frame[frame["flagged"].astype(bool)]
    fig = Figure()
    fig.update_layout(
        title={
            "text": f"<b>Win probability over the game</b>: {len(frame)} decisions reviewed,"
            f" {len(flagged)} flagged",
            "x": 0.01,
            "xanchor": "left",
        },
        width=WIDTH,
        height=height,
        template="plotly_white",
        font={"family": palette.FONT, "size": 13},
        margin={"l": 70, "r": 20, "t": 60, "b": 60},
        legend={"orientation": "h", "y": -0.2},
        xaxis={"title": "ply (the record's action number)", "rangemode": "tozero"},
        yaxis={
            "title": "mover's win probability",
            "range": [-0.03, 1.03],
            "tickformat": ".0%",
        },
        hovermode="closest",
    )
    hover = [_hover(frame.iloc[i], moves[i], bests[i]) for i in range(len(frame))]
    players = frame.attrs.get("num_players") or (
        int(frame["player"].max()) + 1 if len(frame) else 1
    )
    if players > 1:
        fig.add_hline(
            y=1 / players,
            line={"color": palette.GREY, "dash": "dash", "width": 1},
            annotation_text="even chance",
            annotation_position="bottom right",
        )
    for player in sorted(frame["player"].unique()):
        rows = frame.index[frame["player"] == player]
        colour = palette.player_colour(int(player))
        fig.add_trace(
            go.Scatter(
                x=frame.loc[rows, "ply"].tolist(),
                y=frame.loc[rows, "win_after"].tolist(),
                mode="lines+markers",
                name=f"player {player}",
                line={"color": colour, "width": 2},
                marker={"color": colour, "size": 6},
                hovertext=[hover[i] for i in rows],
                hoverinfo="text",
            )
        )
    if len(flagged):
        drop_x: list[Any] = []
        drop_y: list[Any] = []
        for _, row in flagged.iterrows():
            drop_x += [row["ply"], row["ply"], None]
            drop_y += [row["win_before"], row["win_after"], None]
        fig.add_trace(
            go.Scatter(
                x=drop_x,
                y=drop_y,
                mode="lines",
                line={"color": palette.HIGHLIGHT, "dash": "dot", "width": 2},
                name="what the best move kept",
                hoverinfo="skip",
            )
        )
        label = "flagged move" + (f" (lost at least {threshold:.0%})" if threshold else "")
        fig.add_trace(
            go.Scatter(
                x=flagged["ply"].tolist(),
                y=flagged["win_after"].tolist(),
                mode="markers",
                name=label,
                marker={
                    "symbol": "x",
                    "size": 13,
                    "color": palette.HIGHLIGHT,
                    "line": {"width": 1, "color": palette.BLACK},
                },
                hovertext=[hover[i] for i in flagged.index],
                hoverinfo="text",
            )
        )
    if not len(frame):
        fig.add_annotation(
            text="no decisions to review", showarrow=False, x=0.5, y=0.5, xref="paper", yref="paper"
        )
    if ply is not None:
        fig.add_vline(
            x=ply,
            line={"color": palette.BLACK, "width": 1},
            annotation_text=f"ply {ply}",
            annotation_position="top",
        )
    return fig


def _names(frame: Any, words: Callable[[Any], str] | None) -> tuple[list[str], list[str]]:
    """The moves played and the best moves as shown: notations, or ``words`` of the actions."""
    moves = [str(text) for text in frame["move"]]
    bests = [str(text) for text in frame["best"]]
    actions = frame.attrs.get("actions")
    best_actions = frame.attrs.get("best_actions")
    if (
        words is not None
        and actions is not None
        and best_actions is not None
        and len(actions) == len(frame) == len(best_actions)
    ):
        moves = [words(action) for action in actions]
        bests = [words(action) for action in best_actions]
    return moves, bests


def distinct(labels: list[str]) -> list[str]:
    """``labels`` with a repeat numbered (``take a card (2)``), so that two moves worded alike
    stay two bars of a chart."""
    seen: dict[str, int] = {}
    shown = []
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
        shown.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return shown


def _hover(row: Any, move: str, best: str) -> str:
    """The hover text of one decision."""
    text = (
        f"ply {row['ply']}, player {row['player']}<br>played: {move}<br>"
        f"win {row['win_before']:.0%} with the best move, {row['win_after']:.0%} after this one"
    )
    if row["move"] != row["best"]:
        text += f"<br>best found: {best}"
    if row["flagged"]:
        text += f"<br><b>flagged</b>: lost {row['loss']:.0%}"
    return text


def _needs(frame: Any, columns: tuple[str, ...], what: str, maker: str) -> Any:
    """``frame`` when it is a DataFrame with ``columns``, else a one-line refusal."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or any(c not in frame.columns for c in columns):
        raise InvalidStateError(f"{what} needs the table of bamboo_lab.analysis.{maker}")
    return frame


STANDING_COLOURS: dict[str, str] = {
    "clearly the best": palette.HIGHLIGHT,
    "first shown": palette.GREY,
    "about as good": palette.GREY,
    "clearly worse": palette.PAPER,
}
"""Each move's dot by how it compares with the first (``analysis.tables.standing``): only a
move clearly better than every other is orange; the moves the playouts cannot tell from the
first are grey, those clearly worse white."""


def _caption(standings: list[str]) -> str:
    """What the dots' colours mean, as the board's hint says it (lines of at most about 100
    characters, joined by ``<br>``)."""
    if standings[0] == "clearly the best":
        lines = [
            "Orange: clearly the best move (on the same dealt games it beat every other move",
            "by more than the playouts' luck explains)",
        ]
    elif len(standings) == 1:
        lines = ["Grey: the only move"]
    else:
        lines = [
            "No move is clearly best. Grey: about as good as the first",
            "(these playouts cannot tell them apart)",
        ]
    if "clearly worse" in standings:
        lines[-1] += "; white: clearly worse than the first"
    return "<br>".join(lines) + "."


def move_chances(
    analysis: Any, *, words: Callable[[Any], str] | None = None, top: int = 12
) -> go.Figure:
    """``analyse``'s table as dots with whiskers: each move's chance to win and its 95%
    interval, ranked first to last (the first ``top`` moves); the playouts spent on each move
    are written at the right. The first is orange only when it is clearly the best (the
    analysis's ``best``: separated from every other move, as the board's hint decides), the
    moves about as good as the first grey, those clearly worse white; the caption says so."""
    frame = _needs(
        analysis,
        ("move", "win", "win_low", "win_high", "visits", "rank"),
        "move_chances",
        "analyse",
    )
    shown = frame.head(top)
    actions = frame.attrs.get("actions")
    labels = [str(m) for m in shown["move"]]
    if words is not None and actions is not None and len(actions) == len(frame):
        labels = distinct([words(action) for action in actions[: len(shown)]])
    best = bool(frame.attrs.get("best", False))  # a hand-made table: nothing is clearly best
    level = int(frame.attrs.get("about_as_good", len(frame)))
    standings = [standing(int(rank), best, level) for rank in shown["rank"]]
    fig = Figure(
        go.Scatter(
            x=shown["win"].tolist(),
            y=labels,
            mode="markers",
            marker={
                "color": [STANDING_COLOURS[said] for said in standings],
                "size": 13,
                "line": {"color": palette.BLACK, "width": 1},
            },
            error_x={
                "type": "data",
                "symmetric": False,
                "array": (shown["win_high"] - shown["win"]).tolist(),
                "arrayminus": (shown["win"] - shown["win_low"]).tolist(),
                "color": palette.BLACK,
                "width": 6,
            },
            customdata=standings,
            hovertemplate="%{y}<br>chance to win %{x:.0%}<br>%{customdata}<extra></extra>",
            name="chance to win",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[1.04] * len(shown),
            y=labels,
            mode="text",
            text=[f"{v} playouts" for v in shown["visits"]],
            textposition="middle right",
            hoverinfo="skip",
            name="playouts",
        )
    )
    seat = frame.attrs.get("seat")
    who = "" if seat is None else f" for player {seat}"
    chart_style(
        fig,
        f"<b>Which move is best here</b>{who}: the chance to win after each move"
        f"<br><span style='font-size:12px'>{_caption(standings)}</span>",
        210 + 36 * len(shown),
        left=70,
    )
    fig.update_layout(
        margin={"t": 120},
        xaxis={
            "title": "chance to win (dot) and its 95% interval (whiskers)",
            "range": [-0.02, 1.25],
            "tickvals": [0, 0.2, 0.4, 0.6, 0.8, 1],
            "tickformat": ".0%",
        },
        yaxis={"autorange": "reversed", "automargin": True},
        showlegend=False,
    )
    return fig


def outlook_bars(outlook: Any) -> go.Figure:
    """``outlook``'s table: each seat's chance to win (with its 95% interval) and its final
    score (the mean, with a bar from the 5% to the 95% quantile), side by side."""
    from plotly.subplots import make_subplots

    frame = _needs(
        outlook,
        ("seat", "win", "win_low", "win_high", "mean_score", "score_low", "score_high"),
        "outlook_bars",
        "outlook",
    )
    fig = make_subplots(
        rows=1, cols=2, subplot_titles=("chance to win", "final score"), figure=Figure()
    )
    names = [f"player {seat}" for seat in frame["seat"]]
    colours = [palette.player_colour(int(seat)) for seat in frame["seat"]]
    fig.add_trace(
        go.Bar(
            x=names,
            y=frame["win"].tolist(),
            marker={"color": colours, "line": {"color": palette.BLACK, "width": 1}},
            error_y={
                "type": "data",
                "symmetric": False,
                "array": (frame["win_high"] - frame["win"]).tolist(),
                "arrayminus": (frame["win"] - frame["win_low"]).tolist(),
                "color": palette.BLACK,
            },
            hovertemplate="%{x}: chance to win %{y:.0%}<extra></extra>",
        ),
        row=1,
        col=1,
    )
    fig.add_trace(
        go.Scatter(
            x=names,
            y=frame["mean_score"].tolist(),
            mode="markers",
            marker={"color": colours, "size": 14, "line": {"color": palette.BLACK, "width": 1}},
            error_y={
                "type": "data",
                "symmetric": False,
                "array": (frame["score_high"] - frame["mean_score"]).tolist(),
                "arrayminus": (frame["mean_score"] - frame["score_low"]).tolist(),
                "color": palette.BLACK,
                "width": 8,
            },
            hovertemplate="%{x}: mean final score %{y:.1f}<extra></extra>",
        ),
        row=1,
        col=2,
    )
    seat = frame.attrs.get("seat")
    who = "the public view" if seat is None else f"player {seat}'s view"
    playouts = frame.attrs.get("playouts")
    count = f" ({playouts} playouts)" if playouts else ""
    chart_style(fig, f"<b>Who is likely to win from here</b>, from {who}{count}", 380, left=70)
    fig.update_layout(showlegend=False)
    fig.update_yaxes(
        title_text="chance to win (95% interval)", range=[0, 1.02], tickformat=".0%", row=1, col=1
    )
    fig.update_yaxes(title_text="final score (mean; 5% to 95%)", row=1, col=2)
    return fig
