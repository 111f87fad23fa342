"""Mining puzzles: positions from games between the bundled bots where one move is clearly best
from the mover's view, proved by two analyses with different seeds, chosen by the search bot,
and still clearly best in a third analysis at twice the budget with the standing seed (the
soak's test, so that a puzzle proved by a hair is not shipped).

"Clearly best" (:func:`clearly_best`) is read on the chance to WIN, never on the points alone:
in each proof the answer must be separated from every other move on the wins, either its 95%
Wilson interval of the chance to win lies wholly above the other's, or on the worlds both were
played out on (at least :data:`~bamboo_lab.analysis.position.PAIRED_WORLDS`) the answer won
more of them than the other by an exact sign test at
:data:`~bamboo_lab.analysis.position.SIGNIFICANCE` shared among the other moves; and its mean
margin must be above the runner-up's. The board hint's test (``is_separated``) also calls a
move best when both moves won on exactly the same worlds and only the points differ ("take 1
HP" against "decline"): such a position is no puzzle here.

A cheap pre-filter comes first (:func:`lead`): the screen at the small budget must show its
first move's chance to win at least ``Settings.gap`` above the second's, else the two large
proofs are not paid for.

Every step is a function of the build's seed (playout budgets, never time caps), so
``bamboo-lab puzzles build`` writes the same set on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from bamboo_lab.analysis.position import DEFAULT_PLAYOUTS, Answer, ranked_moves, wins_more
from bamboo_lab.bots import heuristic_bot, make_bot, sample_chance
from bamboo_lab.bots.search import SearchBot
from bamboo_lab.core.checks import SEED_RANGE, checked_int, short_repr
from bamboo_lab.core.errors import InvalidStateError
from bamboo_lab.core.protocol import CHANCE, GameState
from bamboo_lab.core.record import state_digest
from bamboo_lab.core.rng import derive_seed
from bamboo_lab.games import GAMES, load, record_of, start_here

from .model import Puzzle, PuzzleSet
from .solve import STANDING_SEED, analysed, clearly_best, stands
from .themes import scoring_theme, theme

__all__ = [
    "HEURISTIC_TRIES",
    "PROOF_PLAYOUTS",
    "SCREEN_GAPS",
    "Settings",
    "build",
    "candidates",
    "clearly_best",
    "difficulty",
    "lead",
    "promising",
    "prove",
    "settings_for",
    "wins_more",
]

SCREEN_GAPS: dict[str, float] = {"takenoko": 0.15, "bamboo": 0.25, "bangkok": 0.05}
"""Each game's :attr:`Settings.gap`, measured (docs/puzzles.md): in Bamboo (a 16-playout
screen, so leads come in sixteenths) no position whose screen led by less than 0.25 passed a
proof; in Bangkok, where most moves win on the same worlds, a proof passed after a lead of
0.07, and larger leads are rare."""

PROOF_PLAYOUTS: dict[str, int] = {"takenoko": 400, "bamboo": 256, "bangkok": 640}
"""Each game's proving budget (:attr:`Settings.large`): four times the screen's, but sixteen
times in Bamboo, where 64 playouts proved no position (the sign test needs a dozen worlds the
answer won and the other move lost, for every other move)."""

HEURISTIC_TRIES = 5
"""How many times (with different seeds) the heuristic bot is asked for its move: the share
that misses the answer is the puzzle's ``missed``."""


@dataclass(frozen=True)
class Settings:
    """The budgets and limits of one game's build."""

    count: int
    """The puzzles wanted."""
    games: int
    """The most bot games played to find them."""
    per_game: int
    """The most positions of one game screened."""
    screen: int
    """The screening analysis' playouts (the hint's budget): a small budget, whose verdict
    also says how hard the puzzle looks."""
    large: int
    """The proving analyses' playout cap (each stops once the best move is clearly best)."""
    search_iterations: int
    """The search bot's iterations per decision in the mined games (its own default when it
    confirms an answer)."""
    search_every: int
    """Every ``search_every``-th mined game (the last of each run of that many) has search
    bots, the others heuristic bots only (a Takenoko game with a search bot costs minutes)."""
    max_moves: int
    """Positions with more legal moves than this are skipped (a puzzle names one of them)."""
    gap: float
    """The pre-filter: the least lead of the screen's first move over its second in the
    chance to win (:func:`lead`) for the position to be proved at the large budget."""


def settings_for(game: str, count: int = 30) -> Settings:
    """The build settings of ``game``: a screen at the hint's budget, proofs at
    :data:`PROOF_PLAYOUTS`, the pre-filter's :data:`SCREEN_GAPS`."""
    if game not in GAMES:
        raise InvalidStateError(f"no puzzles for {short_repr(game)}; games: {', '.join(GAMES)}")
    checked_int(count, "the puzzle count", 1, 500)
    screen = DEFAULT_PLAYOUTS[game]
    return Settings(
        count=count,
        games=400,
        per_game=15,
        screen=screen,
        large=PROOF_PLAYOUTS[game],
        search_iterations=20,
        search_every=4 if game == "takenoko" else 1,
        max_moves=40,
        gap=SCREEN_GAPS[game],
    )


def _seats(game: str, index: int, search_every: int) -> tuple[int, tuple[str, ...]]:
    """The players and each seat's bot of the ``index``-th mined game: the game's player
    counts in turn (four at most); search and heuristic bots alternating in every
    ``search_every``-th game, heuristic bots only in the others."""
    counts = [count for count in load(game).PLAYER_COUNTS if 2 <= count <= 4]
    players = counts[index % len(counts)]
    searching = index % search_every == search_every - 1
    return players, tuple(
        "search" if searching and (seat + index) % 2 == 0 else "heuristic"
        for seat in range(players)
    )


def candidates(
    game: str, seed: int, settings: Settings
) -> Iterator[tuple[GameState, dict[str, Any]]]:
    """Positions of bot games (a seat to move with two to ``max_moves`` legal moves, some but
    not all of them with a theme: :func:`promising`), with where each came from: ``per_game``
    of each game, spread at random through it."""
    for index in range(settings.games):
        game_seed = derive_seed(seed, "puzzles", game, index)
        players, names = _seats(game, index, settings.search_every)
        bots = [
            SearchBot(iterations=settings.search_iterations)
            if name == "search"
            else make_bot(name, game)
            for name in names
        ]
        rng = random.Random(game_seed)
        state = load(game).new_game(players, game_seed)
        decisions: list[GameState] = []
        while not state.is_over():
            mover = state.current_player
            if mover == CHANCE:
                state = state.apply(sample_chance(state, rng), check=False)
                continue
            legal = state.legal_actions()
            if 2 <= len(legal) <= settings.max_moves and promising(state, legal):
                decisions.append(state)
            action = bots[mover].choose(state.view(mover), legal, rng)
            state = state.apply(action, check=False)
        picked = sorted(rng.sample(range(len(decisions)), min(settings.per_game, len(decisions))))
        for ply in picked:
            source = {"seed": game_seed, "players": players, "bots": list(names), "ply": ply}
            yield decisions[ply], source


def promising(state: GameState, legal: Sequence[Any]) -> bool:
    """True when some legal moves of the seat to move have a theme of the game's scoring
    (:func:`~bamboo_lab.puzzles.themes.scoring_theme`) and some have none: a position where
    one move may stand out (the others are rarely clear-cut)."""
    seat = state.current_player
    view = state.view(seat)
    themed = sum(scoring_theme(view, seat, action) is not None for action in legal)
    return 0 < themed < len(legal)


def prove(position: GameState, seat: int, settings: Settings, seed: int) -> Answer | None:
    """The large analysis that proves ``position`` a puzzle, or None: the screen (at the
    small budget) must show its first move ``settings.gap`` ahead of the second in the chance
    to win (:func:`lead`); two large analyses with other seeds must both find the same move
    clearly best (:func:`clearly_best`); the search bot must choose it; and a third analysis
    at twice the large budget, with :data:`~.solve.STANDING_SEED`, must find it clearly best
    still (the soak's test, so that a puzzle proved by a hair is not shipped)."""
    screen = ranked_moves(position, seat, playouts=settings.screen, seed=seed)
    if lead(screen) < settings.gap:  # the pre-filter: a level screen is rarely proved clear
        return None
    proofs = []
    for round_ in (1, 2):
        found, arms = analysed(position, seat, settings.large, seed + round_)
        if not clearly_best(arms):
            return None
        proofs.append(found)
    answer = proofs[0].attrs["actions"][0]
    if proofs[1].attrs["actions"][0] != answer:
        return None
    view = position.view(seat)
    chosen = SearchBot().choose(view, view.legal_actions(), random.Random(seed))
    if chosen != answer:
        return None
    _, again = analysed(position, seat, 2 * settings.large, STANDING_SEED)
    if not stands(answer, again):  # the soak's test: at twice the budget, its own seed
        return None
    return Answer(proofs[0].columns, proofs[0].rows, {**proofs[0].attrs, "screen": screen})


def lead(screen: Answer) -> float:
    """How far the first move of an analysis is ahead of the second in the chance to win."""
    wins = screen.column("win")
    return wins[0] - wins[1] if len(wins) > 1 else 0.0


def difficulty(closeness: float, missed: float) -> str:
    """``easy`` when the heuristic bot never misses the answer and most moves looked clearly
    worse at the small budget; ``hard`` when the bot misses it more often than not, or misses
    it at all while at least half the moves looked about as good; else ``medium``."""
    if missed > 0.5 or (missed > 0 and closeness >= 0.5):
        return "hard"
    if missed == 0 and closeness < 0.5:
        return "easy"
    return "medium"


def _closeness(screen: Answer, answer: Any) -> float:
    """How level the moves looked at the small budget: the share of the other moves that were
    about as good as the first (0: the answer was already clearly best; 1 when the answer was
    not even first)."""
    actions = screen.attrs["actions"]
    if actions[0] != answer:
        return 1.0
    return round((screen.attrs["about_as_good"] - 1) / (len(actions) - 1), 3)


def _missed(position: GameState, seat: int, answer: Any, seed: int) -> float:
    """The share of :data:`HEURISTIC_TRIES` heuristic choices that are not ``answer``."""
    bot = heuristic_bot(position.game)
    view = position.view(seat)
    legal = view.legal_actions()
    misses = sum(
        bot.choose(view, legal, random.Random(seed + attempt)) != answer
        for attempt in range(HEURISTIC_TRIES)
    )
    return misses / HEURISTIC_TRIES


def _puzzle(
    position: GameState, proof: Answer, number: int, source: dict[str, Any], seed: int
) -> Puzzle:
    """The puzzle of a proved position; its record starts at the position re-dealt from the
    seat's view, so the shipped data holds nothing of the real game's hidden cards."""
    seat = proof.attrs["seat"]
    dealt = start_here(position.determinize(seat, seed))
    record = record_of(position.game, dealt, seed)
    actions = proof.attrs["actions"]
    screen: Answer = proof.attrs["screen"]
    closeness = _closeness(screen, actions[0])
    missed = _missed(dealt, seat, actions[0], seed)
    column = proof.column
    return Puzzle(
        game=position.game,
        number=number,
        record=record,
        seat=seat,
        answer=str(actions[0]),
        answer_words=column("words")[0],
        runner_up=str(actions[1]),
        runner_up_words=column("words")[1],
        win=round(column("win")[0], 4),
        runner_up_win=round(column("win")[1], 4),
        margin=round(column("margin")[0], 3),
        runner_up_margin=round(column("margin")[1], 3),
        theme=theme(dealt.view(seat), seat, actions[0]),
        difficulty=difficulty(closeness, missed),
        closeness=closeness,
        missed=missed,
        playouts=int(proof.attrs["playouts"]),
        legal_moves=len(actions),
        source=source,
        digest=state_digest(dealt),
    )


def build(
    game: str,
    seed: int = 0,
    settings: Settings | None = None,
    progress: Callable[[PuzzleSet], None] | None = None,
    resume: PuzzleSet | None = None,
) -> PuzzleSet:
    """Mine ``game``'s puzzle set for ``seed``: positions of bot games proved one by one
    (:func:`prove`) until ``settings.count`` are found or ``settings.games`` are played.
    ``progress`` is given the set so far after each puzzle found: the same as the build with
    ``count`` set to its size (the puzzles come in the same order whatever the count).
    ``resume``, a smaller set of this build, is kept: its positions are screened again but not
    proved, and the build goes on after its last puzzle, writing the set a build from the start
    writes."""
    settings = settings or settings_for(game)
    checked_int(seed, "the seed", SEED_RANGE.start, 2**32 - 1)
    puzzles, done = _resumed(game, seed, settings, resume)
    seen: set[str] = set()
    screened = 0
    for position, source in candidates(game, seed, settings):
        seat = position.current_player
        digest = state_digest(position.view(seat))
        if digest in seen:
            continue
        seen.add(digest)
        screened += 1
        if screened <= done:  # proved (or not) by the build resumed
            if screened == done:
                _check_resumed_at(source, puzzles)
            continue
        proof_seed = derive_seed(seed, "prove", digest) % 2**31
        proof = prove(position, seat, settings, proof_seed)
        if proof is None:
            continue
        source = {**source, "proof_seed": proof_seed}
        puzzles.append(_puzzle(position, proof, len(puzzles) + 1, source, seed))
        if progress is not None:
            progress(_set(game, seed, settings, puzzles, screened))
        if len(puzzles) >= settings.count:
            break
    if screened < done:
        raise InvalidStateError(f"the {game} set to resume screened more positions than exist")
    return _set(game, seed, settings, puzzles, screened)


def _resumed(
    game: str, seed: int, settings: Settings, resume: PuzzleSet | None
) -> tuple[list[Puzzle], int]:
    """The puzzles of the set a build goes on from and the positions it screened; a set of
    another game, seed or settings, or one already as large as wanted, is refused."""
    if resume is None:
        return [], 0
    info = dict(resume.settings)
    screened = info.pop("screened", None)
    wanted = asdict(replace(settings, count=len(resume.puzzles)))
    if resume.game != game or resume.seed != seed or info != wanted:
        raise InvalidStateError(
            f"the set to resume was not built for {game} with seed {seed} and these settings"
        )
    if not isinstance(screened, int) or screened < len(resume.puzzles):
        raise InvalidStateError("the set to resume does not say how many positions it screened")
    if len(resume.puzzles) >= settings.count:
        raise InvalidStateError(
            f"the {game} set has {len(resume.puzzles)} puzzles already: ask a larger --count"
        )
    return list(resume.puzzles), screened


def _check_resumed_at(source: dict[str, Any], puzzles: list[Puzzle]) -> None:
    """Refuse to go on when the position where the resumed build stopped is not its last
    puzzle's (the set was edited, or built by other rules or bots)."""
    if puzzles and {key: puzzles[-1].source.get(key) for key in source} != source:
        raise InvalidStateError(
            "the set to resume ends on another position than this build's: build from the start"
        )


def _set(
    game: str, seed: int, settings: Settings, puzzles: list[Puzzle], screened: int
) -> PuzzleSet:
    """The puzzle set found so far, its settings saying the count that rebuilds it."""
    info = {**asdict(replace(settings, count=len(puzzles))), "screened": screened}
    return PuzzleSet(game, seed, info, tuple(puzzles))
