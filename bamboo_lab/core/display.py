"""Rich notebook display: a state, a card or a market shown as a cell's last expression draws
its picture, as a python-chess board does.

The rules side never imports plotly: :class:`RichDisplay` imports ``bamboo_lab.viz`` only when
Jupyter asks for a picture, and falls back to the text picture when plotly is not installed.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["RichDisplay"]


class RichDisplay:
    """Mixin giving ``_repr_mimebundle_``: the object's Plotly figure, or its text picture."""

    __slots__ = ()

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None, **kwargs: Any
    ) -> dict[str, Any]:
        """The figure's mime bundle (plus the text picture), or only the text picture."""
        text = {"text/plain": str(self)}
        try:
            viz = importlib.import_module("bamboo_lab.viz")
        except ImportError:  # plotly is not installed: the text picture is the picture
            return text
        bundle = dict(viz.figure(self)._repr_mimebundle_(include, exclude, **kwargs))
        bundle.update(text)
        return bundle
