"""Rich notebook display: a state, a card or a market shown as a cell's last expression draws
its picture, as a python-chess board does.

Each picture-bearing class names the function that draws it, ``drawn_by = "module:function"``
(a Takenoko State: ``"bamboo_lab.viz.takenoko:figure"``); core names no package above it. The
rules side never imports plotly: :class:`RichDisplay` imports the named module only when Jupyter
asks for a picture, and falls back to the text picture when plotly is not installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, ClassVar

__all__ = ["RichDisplay", "picture_function"]


def picture_function(obj: Any) -> Callable[[Any], Any] | None:
    """The function drawing ``obj``, the one its class names in ``drawn_by``; None when its
    class names none. ImportError when that module cannot be imported (no plotly)."""
    spec = getattr(type(obj), "drawn_by", None)
    if not isinstance(spec, str) or ":" not in spec:
        return None
    module_name, _, function_name = spec.partition(":")
    function: Callable[[Any], Any] = getattr(importlib.import_module(module_name), function_name)
    return function


class RichDisplay:
    """Mixin giving ``_repr_mimebundle_``: the object's Plotly figure, or its text picture."""

    __slots__ = ()
    drawn_by: ClassVar[str]
    """``"module:function"``: the function that draws an object of the class (a figure)."""

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None, **kwargs: Any
    ) -> dict[str, Any]:
        """The figure's mime bundle (plus the text picture), or only the text picture."""
        text = {"text/plain": str(self)}
        try:
            draw = picture_function(self)
        except ImportError:  # plotly is not installed: the text picture is the picture
            return text
        if draw is None:
            return text
        bundle = dict(draw(self)._repr_mimebundle_(include, exclude, **kwargs))
        bundle.update(text)
        return bundle
