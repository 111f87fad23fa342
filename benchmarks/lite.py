"""The course in the browser (``make lite``'s site), offline in Debian's chromium: how long the
kernel takes to be ready, what a student downloads before the first lesson runs, and how long
Run All of that lesson takes (``make bench``'s last section; ``python benchmarks/lite.py``).

Each run is a cold start: a new browser profile, so nothing is cached. The site is served on
127.0.0.1 and every other address is refused, as on a classroom laptop with no internet; the
bytes are the bodies the server sent. Targets (issue "the course in any browser"): the kernel
ready within 20 s and the first lesson's download within 40 MB.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests" / "browser")]

from lab import KERNEL_IDLE, RUN_DONE  # noqa: E402 - the browser tests' waits
from lite_site import CHROMIUM, LAUNCH_ARGS, SITE, notebook_url, offline_page, serve  # noqa: E402

LESSON = "10-takenoko-rules.ipynb"
"""The first lesson a class runs."""


def measure(site_root: Path = SITE, lesson: str = LESSON) -> dict[str, float]:
    """One cold start: seconds to a ready kernel and to the end of Run All, and the MB sent."""
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with serve(site_root) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = offline_page(browser, site, outside)
        start = time.perf_counter()
        page.goto(notebook_url(site, lesson))
        page.wait_for_function(KERNEL_IDLE, timeout=600_000, polling=100)
        ready = time.perf_counter() - start
        before = site.bytes_sent
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_timeout(1000)  # Run All marks the cells pending first
        page.wait_for_function(RUN_DONE, timeout=1_800_000, polling=250)
        ran = time.perf_counter() - start - ready
        browser.close()
    return {
        "kernel ready (s)": ready,
        "MB before the lesson runs": before / 1e6,
        "Run All (s)": ran,
        "MB once it ran": site.bytes_sent / 1e6,
        "requests refused": float(len(outside)),
    }


def table(runs: int = 2) -> None:
    """Print ``runs`` cold starts of the first lesson, one row each."""
    if not (SITE / "jupyter-lite.json").exists():
        print("\nthe course in the browser: no site in build/lite (make lite builds it)")
        return
    print(f"\nthe course in the browser, offline, cold: {LESSON}")
    for run in range(runs):
        result = measure()
        if run == 0:
            print("  ".join(f"{name:>25}" for name in result))
        print("  ".join(f"{value:25.1f}" for value in result.values()), flush=True)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2, help="cold starts to measure")
    table(parser.parse_args().runs)


if __name__ == "__main__":
    main()
