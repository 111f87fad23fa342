"""Optional dependencies: a missing one is refused in one line that names the extra to install.

The rules library needs only the standard library; pictures, boards and tables need the ``[lab]``
extra, the reinforcement-learning environments the ``[rl]`` extra.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from .errors import BambooLabError

__all__ = ["EXTRA_OF", "MissingExtraError", "optional", "require"]

EXTRA_OF: dict[str, str] = {
    "plotly": "lab",
    "ipywidgets": "lab",
    "anywidget": "lab",
    "IPython": "lab",
    "pandas": "lab",
    "tqdm": "lab",
    "numpy": "lab",
    "kaleido": "pictures",
    "pettingzoo": "rl",
    "gymnasium": "rl",
}
"""The extra of ``pyproject.toml`` that installs each optional package."""


class MissingExtraError(BambooLabError, ImportError):
    """An optional package is not installed; the message says which extra installs it."""


def _missing(module: str, feature: str, extra: str | None = None) -> MissingExtraError:
    """The one-line refusal for ``feature`` without ``module``."""
    wanted = extra or EXTRA_OF.get(module.split(".")[0], "lab")
    return MissingExtraError(
        f"{feature} needs {module.split('.')[0]}, which is not installed:"
        f" pip install 'bamboo-lab[{wanted}]'"
    )


def require(*modules: str, feature: str, extra: str | None = None) -> None:
    """Refuse ``feature`` in one line unless every package of ``modules`` is installed."""
    for module in modules:
        if importlib.util.find_spec(module.split(".")[0]) is None:
            raise _missing(module, feature, extra)


def optional(module: str, feature: str, extra: str | None = None) -> ModuleType:
    """Import ``module`` for ``feature``, or refuse in one line naming the extra."""
    require(module, feature=feature, extra=extra)
    return importlib.import_module(module)
