"""The cap on the test suite's data memory (``BAMBOO_LAB_TEST_MEMORY_GB``, default 6; ``0`` for
none), set by tests/conftest.py for the test process and what it starts, so that a test that grows
without bound fails with a MemoryError naming the cap instead of taking the machine
(``RLIMIT_DATA``: chromium's address-space reservations, which ``RLIMIT_AS`` would count, stay
free). Its own module, so that a test can read it (a ``conftest`` import could find another
folder's conftest)."""

from __future__ import annotations

import os
import resource

MEMORY_GB = float(os.environ.get("BAMBOO_LAB_TEST_MEMORY_GB", "6"))
"""The cap on the suite's data memory, in GB (0: no cap)."""


def cap_memory(gigabytes: float) -> None:
    """Lower the data-memory limit to ``gigabytes`` (never raise a lower limit already set)."""
    if gigabytes <= 0:
        return
    cap = int(gigabytes * 2**30)
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
