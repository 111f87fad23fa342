"""Random self-play speed of one game through the game contract alone.

The measurement lives in the package (``bamboo_lab.sim.bench.selfplay``, also behind
``bamboo-lab bench``); this module keeps the name ``run`` that ``benchmarks/run.py`` and
process pools use.
"""

from __future__ import annotations

from bamboo_lab.sim.bench import selfplay as run

__all__ = ["run"]
