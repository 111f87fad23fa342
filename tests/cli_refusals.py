"""The command line's refusals, as the CLI tests check them: exit status 2 and one short line."""

from __future__ import annotations

import pytest

from bamboo_lab.cli import main

Capture = pytest.CaptureFixture[str]


def refused(capsys: Capture, argv: list[str], *words: str) -> str:
    """Run ``argv``; assert exit status 2 and one short line on stderr containing ``words``;
    return it."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bamboo-lab: error: "), err
    assert len(err) < 500
    for word in words:
        assert word in err, err
    return err
