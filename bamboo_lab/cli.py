"""The ``bamboo-lab`` command: list the games, start one, replay a saved record."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .core.errors import BambooLabError
from .core.record import GameRecord
from .games import GAMES, load, replay

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="bamboo-lab", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games, player counts and rules versions")
    new = sub.add_parser("new", help="print the position after setup")
    new.add_argument("game", choices=GAMES)
    new.add_argument("-n", "--players", type=int, default=None, help="number of players")
    new.add_argument("-s", "--seed", type=int, default=0, help="setup seed")
    show = sub.add_parser("replay", help="replay a saved record and print the final position")
    show.add_argument("record", help="a JSON file written by GameRecord.save")
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            for name in GAMES:
                module = load(name)
                counts = ", ".join(map(str, module.PLAYER_COUNTS))
                print(f"{name:10} players {counts:12} rules {module.RULES_VERSION}")
        elif args.command == "new":
            module = load(args.game)
            players = args.players or module.PLAYER_COUNTS[0]
            print(module.new_game(players, args.seed))
        else:
            states = replay(GameRecord.load(args.record))
            final = states[-1]
            print(final)
            outcome = final.outcome()
            print(f"{len(states) - 1} actions; " + (outcome.reason if outcome else "not finished"))
    except (BambooLabError, OSError) as exc:
        print(f"bamboo-lab: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
