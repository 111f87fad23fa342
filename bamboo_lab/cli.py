"""The ``bamboo-lab`` command: list, start, play, replay, review and simulate games; measure speed.

Every refusal (a bad argument, a corrupt record, an unknown bot) is one line on stderr and exit
status 2; a closed output pipe (``bamboo-lab replay game.json | head``) ends quietly.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import __version__
from .core.checks import check_setup
from .core.errors import BambooLabError, InvalidStateError
from .core.protocol import CHANCE, GameState
from .core.record import GameRecord
from .games import GAMES, load, names, record_of, replay
from .puzzles.model import DIFFICULTIES

__all__ = ["main"]

_MAX_DIGITS = 20
"""Longest integer argument accepted (seeds go up to 2**64 - 1, 20 digits)."""


class _UsageError(Exception):
    """A bad command line; ``main`` prints it on one line and returns 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and never exit the interpreter."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing the usage and exiting."""
        raise _UsageError(f"{message} (see {self.prog} --help)")


def _int(text: str) -> int:
    """An integer argument of at most 20 digits (no 5,000-digit numbers)."""
    stripped = text.strip().lstrip("+-")
    if not stripped.isdigit() or len(stripped) > _MAX_DIGITS:
        shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"
        raise argparse.ArgumentTypeError(f"not a whole number: {shown!r}")
    return int(text)


def _parser() -> _Parser:
    parser = _Parser(prog="bamboo-lab", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the games, player counts and rules versions")

    new = sub.add_parser("new", help="print the position after setup")
    new.add_argument("game", choices=names())
    new.add_argument("-n", "--players", type=_int, default=None, help="number of players")
    new.add_argument("-s", "--seed", type=_int, default=0, help="setup seed")

    show = sub.add_parser("replay", help="replay a saved record move by move")
    show.add_argument("record", help="a JSON file written by GameRecord.save")
    show.add_argument(
        "--step", action="store_true", help="print the position after every move; Enter steps"
    )

    check = sub.add_parser(
        "review", help="review a saved game: win probability before and after every decision"
    )
    check.add_argument("record", help="a JSON file written by GameRecord.save")
    check.add_argument("--seat", type=_int, default=None, help="review only this seat's moves")
    check.add_argument(
        "--playouts", type=_int, default=None, help="playouts per decision (default: per game)"
    )
    check.add_argument("-s", "--seed", type=_int, default=0, help="the analysis seed")
    check.add_argument(
        "--threshold", type=float, default=None, help="flag moves losing at least this much"
    )
    check.add_argument("--no-progress", action="store_true", help="hide the progress on stderr")

    play = sub.add_parser("play", help="play in the terminal against bots")
    play.add_argument("game", choices=names())
    play.add_argument("-n", "--players", type=_int, default=2, help="number of players")
    play.add_argument(
        "--bots", default="random", help="the other seats' bots: one name for all, or a,b,c"
    )
    play.add_argument("--seat", type=_int, default=0, help="your seat (0 plays first)")
    play.add_argument("-s", "--seed", type=_int, default=0, help="setup and bot seed")
    play.add_argument("--save", default=None, help="write the game's record to this JSON file")

    sim = sub.add_parser("simulate", help="play many bot games; print win rates; save a table")
    sim.add_argument("game", choices=names())
    sim.add_argument("-n", "--players", type=_int, default=None, help="number of players")
    sim.add_argument("--bots", default="random", help="one bot name for all seats, or a,b,...")
    sim.add_argument("--games", type=_int, default=100, help="number of games")
    sim.add_argument("-s", "--seed", type=_int, default=0, help="master seed")
    sim.add_argument("-j", "--jobs", type=_int, default=1, help="worker processes")
    sim.add_argument("--out", default=None, help="write the rows to a .csv or .parquet file")
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")

    bench = sub.add_parser("bench", help="measure random self-play and bot speed here")
    bench.add_argument("games", nargs="*", help=f"games to measure (default: {', '.join(names())})")
    bench.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    _puzzles_parser(sub)
    return parser


def _puzzles_parser(sub: Any) -> None:
    """The ``puzzles`` subcommand: list, show, solve, build."""
    puzzles = sub.add_parser("puzzles", help="find-the-best-move puzzles: list, show, solve, build")
    what = puzzles.add_subparsers(dest="puzzles", required=True, parser_class=_Parser)
    listing = what.add_parser("list", help="list a game's puzzles")
    show = what.add_parser("show", help="show one puzzle: the position and the moves")
    solve = what.add_parser("solve", help="solve puzzles in the terminal, with a score")
    for each in (listing, show, solve):
        each.add_argument("game", choices=GAMES)
    show.add_argument("number", type=_int, help="the puzzle's number (from list)")
    show.add_argument("--answer", action="store_true", help="also print the answer and why")
    solve.add_argument("number", type=_int, nargs="?", default=None, help="only this puzzle")
    for each in (listing, solve):
        each.add_argument("--theme", default=None, help="only the puzzles of this theme")
        each.add_argument("--difficulty", choices=DIFFICULTIES, default=None)
    make = what.add_parser("build", help="mine the puzzle sets again (slow: minutes a game)")
    make.add_argument("games", nargs="*", default=[], help=f"default: all ({', '.join(GAMES)})")
    make.add_argument("-s", "--seed", type=_int, default=0, help="the build's seed")
    make.add_argument("--count", type=_int, default=30, help="puzzles wanted per game")
    make.add_argument("--out", default=None, help="write into this folder, not the package")
    make.add_argument(
        "--resume",
        action="store_true",
        help="go on from the set already written there (a build stopped early)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = _parser().parse_args(argv)
        command = {
            "games": _games,
            "new": _new,
            "replay": _replay,
            "review": _review,
            "play": _play,
            "simulate": _simulate,
            "bench": _bench,
            "puzzles": _puzzles,
        }[args.command]
        status = command(args)
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (``| head``): not an error
        return 0
    except _UsageError as exc:
        return _fail(str(exc))
    except (BambooLabError, OSError) as exc:
        return _fail(str(exc))


def _fail(message: str) -> int:
    """Print ``bamboo-lab: error: <message>`` on one line of stderr and return 2."""
    line = " ".join(message.split())
    if len(line) > 400:
        line = line[:400] + "..."
    print(f"bamboo-lab: error: {line}", file=sys.stderr)
    return 2


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (captured output)
        pass


def _games(args: argparse.Namespace) -> int:
    for name in names():
        module = load(name)
        counts = ", ".join(map(str, module.PLAYER_COUNTS))
        print(f"{name:10} players {counts:12} rules {module.RULES_VERSION}")
    return 0


def _new(args: argparse.Namespace) -> int:
    module = load(args.game)
    players = module.PLAYER_COUNTS[0] if args.players is None else args.players
    check_setup(args.game, players, args.seed, module.PLAYER_COUNTS)
    print(module.new_game(players, args.seed))
    return 0


def _load_record(path: str) -> GameRecord:
    """Read a record file; anything unreadable is an InvalidStateError naming the file."""
    try:
        return GameRecord.load(path)
    except BambooLabError as exc:
        raise InvalidStateError(f"{path}: {exc}") from exc
    except (ValueError, RecursionError) as exc:  # defence in depth: json's own limits
        raise InvalidStateError(
            f"{path}: not a readable game record ({type(exc).__name__})"
        ) from exc


def _mover(state: GameState) -> str:
    """Who makes the next decision of ``state``: ``player 1`` or ``chance``."""
    return "chance" if state.current_player == CHANCE else f"player {state.current_player}"


def _replay(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    states = replay(record)
    print(f"{record.game}, {record.num_players} players, seed {record.seed}")
    if args.step:
        print(states[0])
    for ply, (state, text) in enumerate(zip(states, record.actions, strict=False), start=1):
        print(f"{ply:4d}. {_mover(state)}: {text}")
        if args.step:
            print(states[ply])
            if sys.stdin.isatty() and input("[Enter: next move, q: stop] ").strip() == "q":
                return 0
    final = states[-1]
    if not args.step:
        print(final)
    outcome = final.outcome()
    status = outcome.reason if outcome else "not finished"
    if record.truncated:
        status += " (truncated at the ply limit)"
    print(f"{len(states) - 1} actions; {status}")
    return 0


def _review(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    from .analysis import DEFAULT_THRESHOLD, review

    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    progress = None if args.no_progress else _ReviewProgress()
    frame = review(
        record, args.seat, n=args.playouts, seed=args.seed, threshold=threshold, progress=progress
    )
    who = "every seat" if args.seat is None else f"player {args.seat}"
    print(
        f"{record.game}, {record.num_players} players, seed {record.seed}: {len(frame)}"
        f" decisions of {who}, {frame.attrs['playouts']} playouts each, analysis seed"
        f" {args.seed}; {int(frame['flagged'].sum())} flagged: a move is flagged when its loss"
        f" (win probability of the best move minus the move played's) is at least {threshold:g}"
        " and its 95% interval lies above 0 (a clear loss, not the playouts' noise)"
    )
    if frame.empty:
        return 0
    move = max(4, *(len(text) for text in frame["move"]))
    best = max(4, *(len(text) for text in frame["best"]))
    print(
        f"{'ply':>5} {'player':>6}  {'move':<{move}}  {'before':>6} {'after':>6}"
        f"  {'best':<{best}}  {'loss':>5}  {'interval':<13}  flag"
    )
    for row in frame.itertuples(index=False):
        flag = "*" if row.flagged else ""
        interval = f"[{row.loss_low:.2f}, {row.loss_high:.2f}]"
        print(
            f"{row.ply:5d} {row.player:6d}  {row.move:<{move}}  {row.win_before:6.2f}"
            f" {row.win_after:6.2f}  {row.best:<{best}}  {row.loss:5.2f}  {interval:<13}"
            f"  {flag}".rstrip()
        )
    return 0


class _ReviewProgress:
    """The review's progress on stderr: one line rewritten on a terminal, else a line at every
    tenth of the decisions (long reviews take minutes)."""

    def __init__(self) -> None:
        """Start with nothing shown."""
        self.interactive = sys.stderr.isatty()
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        """Show that ``done`` of ``total`` decisions are reviewed."""
        line = f"reviewed {done} of {total} decisions"
        if self.interactive:
            print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)
        elif done * 10 // total > self.shown or done == total:
            self.shown = done * 10 // total
            print(line, file=sys.stderr, flush=True)


def _play(args: argparse.Namespace) -> int:
    from .bots import make_bots, sample_chance
    from .sim.runner import bot_rng, chance_rng

    module = load(args.game)
    n = args.players
    check_setup(args.game, n, args.seed, module.PLAYER_COUNTS)
    if not 0 <= args.seat < n:
        raise InvalidStateError(f"--seat must be a seat from 0 to {n - 1}, not {args.seat}")
    others = make_bots(args.bots, args.game, n - 1)
    seats: list[Any] = [*others[: args.seat], None, *others[args.seat :]]
    rngs = [bot_rng(args.seed, seat) for seat in range(n)]
    dice = chance_rng(args.seed)
    state = module.new_game(n, args.seed)
    you = args.seat
    print(f"{args.game}: you are player {you}; the others are {', '.join(b.name for b in others)}")
    print(state.view(you))
    while not state.is_over():
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, dice)
        elif seat == you:
            action = _ask(state, module, sys.stdin, sys.stdout)
            if action is None:
                print("game abandoned")
                _save(args, state)
                return 0
        else:
            legal = state.legal_actions()
            action = seats[seat].choose(state.view(seat), legal, rngs[seat])
        print(f"{_mover(state)}: {action}")
        state = state.apply(action)
        print(state.view(you))
    outcome = state.outcome()
    assert outcome is not None
    print(outcome.reason)
    _save(args, state)
    return 0


def _ask(state: GameState, module: Any, stdin: TextIO, stdout: TextIO) -> Any:
    """List the legal actions, numbered, and read a number or a notation; None on q or EOF."""
    legal = state.legal_actions()
    for number, action in enumerate(legal, start=1):
        print(f"  {number:3d}. {action}", file=stdout)
    while True:
        print(f"your move (1-{len(legal)}, a notation, or q): ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            print(file=stdout)
            return None
        text = line.strip()
        if text in ("q", "quit"):
            return None
        if text.isdigit() and len(text) <= 6:
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            print(f"  there is no move {text}; choose 1 to {len(legal)}", file=stdout)
            continue
        try:
            return module.parse_action(text, state)
        except BambooLabError as exc:
            print(f"  {' '.join(str(exc).split())[:300]}", file=stdout)


def _save(args: argparse.Namespace, state: GameState) -> None:
    if args.save:
        record_of(args.game, state, args.seed, check=False).save(args.save)
        print(f"record saved to {args.save}")


def _simulate(args: argparse.Namespace) -> int:
    out = Path(args.out) if args.out else None
    if out is not None:
        _check_out(out)
    from .sim import score_summary, simulate, win_rates

    frame = simulate(
        args.game,
        args.bots,
        args.games,
        args.seed,
        jobs=args.jobs,
        progress=not args.no_progress,
        rotate_seats=not args.no_rotate,
        num_players=args.players,
    )
    if frame.empty:
        print("no games played")
        return 0
    table = win_rates(frame).join(score_summary(frame)[["mean", "std", "min", "max"]])
    table = table.rename(columns={"mean": "mean score", "std": "sd", "min": "min", "max": "max"})
    truncated = int(frame.drop_duplicates("game_id")["truncated"].sum())
    print(
        f"{args.game}: {args.games} games, {frame['seat'].nunique()} players, seed {args.seed}"
        + (f", {truncated} truncated" if truncated else "")
    )
    print(table.to_string(float_format=lambda x: f"{x:.3f}"))
    if out is not None:
        if out.suffix == ".csv":
            frame.to_csv(out, index=False)
        else:
            frame.to_parquet(out, index=False)
        print(f"{len(frame)} rows written to {out}")
    return 0


def _check_out(out: Path) -> None:
    """Refuse an output file the command cannot write before any game is played."""
    if out.suffix not in (".csv", ".parquet"):
        raise InvalidStateError(f"--out must end in .csv or .parquet, not {out.name!r}")
    if out.suffix == ".parquet":
        try:
            import pyarrow  # type: ignore[import-not-found]  # noqa: F401
        except ImportError:
            raise InvalidStateError(
                "writing .parquet needs pyarrow (pip install pyarrow); or write a .csv"
            ) from None
    if not out.parent.is_dir():
        raise InvalidStateError(f"--out: the folder {str(out.parent)!r} does not exist")


def _bench(args: argparse.Namespace) -> int:
    from .sim.bench import selfplay

    if not 0 < args.seconds <= 3600:
        raise InvalidStateError(f"--seconds must be between 0 and 3600, not {args.seconds}")
    print(f"{'game':9} {'players':>7} {'decisions/s':>12} {'games/s':>8}")
    for name in args.games or names():
        for n in load(name).PLAYER_COUNTS:
            result = selfplay(name, n, args.seconds)
            print(
                f"{name:9} {n:7d} {result['decisions_per_s']:12.0f} {result['games_per_s']:8.1f}",
                flush=True,
            )
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    from .puzzles import terminal

    if args.puzzles == "list":
        terminal.list_puzzles(args.game, args.theme, args.difficulty)
    elif args.puzzles == "show":
        terminal.show_puzzle(args.game, args.number, args.answer)
    elif args.puzzles == "solve":
        terminal.solve_puzzles(args.game, args.number, args.theme, args.difficulty)
    else:
        out = None if args.out is None else Path(args.out)
        if out is not None and not out.is_dir():
            raise InvalidStateError(f"--out must be an existing folder, not {args.out[:80]!r}")
        if not 1 <= args.count <= 500:
            raise InvalidStateError(f"--count must be from 1 to 500, not {args.count}")
        games = args.games or GAMES
        terminal.build_sets(games, args.seed, args.count, out, resume=args.resume)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
