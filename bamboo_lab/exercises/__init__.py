"""Exercises for the course: each one a position, a question and the engine's answer, kept here so
that a student's cell holds only the answer (standard library only; pictures need ``[lab]``).

A game's exercises live in ``bamboo_lab.exercises.<game>`` as a tuple ``EXERCISES``; the id's
prefix names the module (``"takenoko-3"`` is in :mod:`bamboo_lab.exercises.takenoko`), and their
answer diagnoses in ``bamboo_lab.exercises.<game>_diagnoses``. In a notebook::

    exercises.show("takenoko-1")            # the position, drawn
    answer = None                           # the student's answer
    exercises.check("takenoko-1", answer)   # right!, or a hint that sharpens with each try

and a teacher reveals the answer with ``exercises.solution("takenoko-1")``.

Every hint after the first is computed from the answer given and the engine's answer: an
exercise's ``diagnose`` says what is wrong in that answer (the wrong item and the rule it breaks,
or which kind of item is missing and where to look), sharper at each try. A number that asks for a
change is signed, a loss negative (:data:`CHANGE` says so in the question), and an answer of the
right size but the wrong sign is told the convention.
"""

from __future__ import annotations

import enum
import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bamboo_lab.core.errors import InvalidActionError

__all__ = [
    "CHANGE",
    "NO_ANSWER",
    "Exercise",
    "Kind",
    "all_exercises",
    "check",
    "feedback",
    "get",
    "listed",
    "reset",
    "set_diagnosis",
    "set_mistakes",
    "show",
    "solution",
]

NO_ANSWER = "no answer yet: replace None with your answer and run this cell again"
"""What :func:`check` says while the answer is still ``None``."""

CHANGE = "Answer with the change, signed: a loss is negative (such as -4), a gain positive."
"""The one sign convention of every exercise that asks how many points, HP or coins change."""

Diagnosis = str | tuple[str, ...] | None
"""What a ``diagnose`` says: one text, or texts from the vaguer to the sharper, or None."""


class Kind(enum.Enum):
    """What shape of answer an exercise asks for."""

    NUMBER = "a number"
    SET = "a set"
    SEQUENCE = "a list in order"
    CHOICE = "one item"
    BOOL = "yes or no"


@dataclass(frozen=True)
class Exercise:
    """One exercise: the position it shows, the question, and how the engine answers it."""

    id: str
    """``"<game>-<n>"``, numbered in the order of the exercises notebook."""
    title: str
    """A short title, as the notebook's heading gives it."""
    question: str
    """The question, as the notebook asks it."""
    rules: tuple[str, ...]
    """The rule IDs the exercise practises (the last hints name them)."""
    kind: Kind
    """The shape of the answer."""
    position: Callable[[], Any]
    """Builds the position the exercise shows."""
    truth: Callable[[Any], Any]
    """The engine's answer, from the position."""
    hints: tuple[str, ...]
    """General hints, each a rule in the rulebook's words and true whatever the answer: the first
    try shows the first; later tries show the computed diagnosis, and these only when an answer
    could not be diagnosed."""
    explanation: str
    """The worked solution, for :func:`solution`."""
    item: Callable[[Any], Any] | None = None
    """Maps one given item to the form the truth uses (raises ValueError or KeyError when it
    cannot); maps the truth's own items to themselves. Default: texts without spaces, upper
    case."""
    diagnose: Callable[[Any, Any, Any], Diagnosis] | None = None
    """``(answer, truth, position)`` to what is wrong in this particular answer, computed from
    it: one text, or texts from the vaguer to the sharper (try *k* gets the *k*-th)."""
    change: bool = False
    """The answer is a signed change (a loss negative); the question says so with :data:`CHANGE`."""
    picture: Callable[[Any], Any] | None = None
    """Draws the position (default: :func:`bamboo_lab.viz.figure`)."""

    @property
    def game(self) -> str:
        """The game the exercise belongs to (the id's prefix)."""
        return self.id.rsplit("-", 1)[0]


class _Unreadable(Exception):
    """An answer that cannot be read as the exercise's kind (says why, does not count a try)."""


_TRIES: dict[str, int] = {}
"""Wrong tries per exercise id in this session."""


@functools.cache
def _registry() -> dict[str, Exercise]:
    """Every exercise of every game module of this package, by id (a helper module of a game,
    such as ``bamboo_lessons``, defines no ``EXERCISES`` and adds none)."""
    found: dict[str, Exercise] = {}
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        for exercise in getattr(importlib.import_module(f"{__name__}.{module}"), "EXERCISES", ()):
            found[exercise.id] = exercise
    return found


def all_exercises(game: str | None = None) -> tuple[Exercise, ...]:
    """Every exercise (of one game when ``game`` is named), in the order of the notebooks."""

    def order(exercise: Exercise) -> tuple[str, int]:
        prefix, number = exercise.id.rsplit("-", 1)
        return prefix, int(number)

    chosen = [e for e in _registry().values() if game is None or e.game == game]
    return tuple(sorted(chosen, key=order))


def get(exercise_id: str) -> Exercise:
    """The exercise named ``exercise_id``; an unknown id is refused in one line."""
    if not isinstance(exercise_id, str) or exercise_id not in _registry():
        shown = repr(exercise_id)[:40]
        raise InvalidActionError(f"there is no exercise {shown}: ids look like 'takenoko-1'")
    return _registry()[exercise_id]


@functools.cache
def _position(exercise_id: str) -> Any:
    """The position of an exercise, built once."""
    return get(exercise_id).position()


@functools.cache
def _truth(exercise_id: str) -> Any:
    """The engine's answer to an exercise, read the way answers are read."""
    exercise = get(exercise_id)
    return _read(exercise, exercise.truth(_position(exercise_id)))


def show(exercise_id: str) -> Any:
    """The picture of the exercise's position (the last line of a cell draws it)."""
    exercise = get(exercise_id)
    if exercise.picture is not None:
        return exercise.picture(_position(exercise_id))
    from bamboo_lab import viz  # the pictures need the [lab] extra; checking does not

    return viz.figure(_position(exercise_id))


def reset(exercise_id: str | None = None) -> None:
    """Forget the wrong tries of one exercise (of every exercise when none is named)."""
    if exercise_id is None:
        _TRIES.clear()
    else:
        _TRIES.pop(get(exercise_id).id, None)


def check(exercise_id: str, answer: Any) -> None:
    """Print whether ``answer`` is right: ``right!``, or ``not yet`` and a hint (see
    :func:`feedback`)."""
    print(feedback(exercise_id, answer))


def feedback(exercise_id: str, answer: Any) -> str:
    """The line :func:`check` prints. The first wrong try gets the exercise's general hint and
    what is wrong in the answer; each later try a sharper diagnosis computed from the answer (the
    third and later also the rule IDs). An answer that cannot be read says so and does not
    count."""
    exercise = get(exercise_id)
    if answer is None:
        return NO_ANSWER
    try:
        given = _read(exercise, answer)
    except _Unreadable as why:
        return f"not yet: I could not read {_short(answer)} as {exercise.kind.value}: {why}"
    truth = _truth(exercise_id)
    if given == truth:
        return "right!"
    tries = _TRIES[exercise.id] = _TRIES.get(exercise.id, 0) + 1
    line = "not yet"
    said = _diagnosis(exercise, given, truth)
    sign = _sign(exercise, given, truth)
    if exercise.kind is Kind.NUMBER and not sign:
        line = f"not yet: too {'high' if given > truth else 'low'}"
    if sign:
        hint = sign
    elif said and tries >= 2:
        hint = said[min(tries, len(said)) - 1]
    else:
        hint = exercise.hints[min(tries, len(exercise.hints)) - 1] if exercise.hints else ""
        if tries >= 2:
            hint += _shape(exercise.kind, given, truth)
        if said and _capital(hint).rstrip(".") not in said[0]:  # not the same words twice
            hint = f"{hint} {said[0]}"
        elif said:
            hint = said[0]
    line = f"{line}. Hint: {hint.strip()}" if hint else f"{line}."
    if tries >= 3 and exercise.rules:
        line += f" (rules {', '.join(exercise.rules)})"
    return line


def _diagnosis(exercise: Exercise, given: Any, truth: Any) -> tuple[str, ...]:
    """The exercise's diagnosis of ``given``, as texts from the vaguer to the sharper."""
    if exercise.diagnose is None:
        return ()
    said = exercise.diagnose(given, truth, _position(exercise.id))
    if said is None:
        return ()
    return tuple(map(_capital, (said,) if isinstance(said, str) else said))


def _capital(text: str) -> str:
    """``text`` with its first letter in upper case (a sentence of a hint)."""
    return text[:1].upper() + text[1:]


def _sign(exercise: Exercise, given: Any, truth: Any) -> str:
    """The sign convention, when a number has the right size but the wrong sign."""
    if exercise.kind is not Kind.NUMBER or not truth or given != -truth:
        return ""
    if exercise.change:
        return (
            f"the size is right, the sign is not. {CHANGE} So a loss of 3 HP is -3, a gain of 3"
            " points is 3."
        )
    return "the size is right, but this asks how many, which is never negative: drop the minus."


def set_mistakes(
    given: frozenset[Any],
    truth: frozenset[Any],
    wrong: Callable[[Any], str],
    missing: Callable[[Any], tuple[str, str]],
    named: Callable[[Any], str] = str,
) -> tuple[str, ...]:
    """A set answer's diagnosis, vaguer to sharper: a wrong item given and why it is wrong
    (``wrong(item)``, a sentence naming the item and the rule it breaks); else what is missing,
    by kind and then where to look (``missing(item)``: the kind with its rule, and a pointer)."""
    extra = sorted(given - truth, key=str)
    if extra:
        first = _capital(wrong(extra[0]))
        if len(extra) > 1:
            others = ", ".join(named(item) for item in extra[1:])
            second = _capital(wrong(extra[1]))
            return first, f"{first} Check {others} the same way.", f"{first} {second}"
        return (first,)
    absent = sorted(truth - given, key=str)
    many = len(absent)
    general = f"Yours are all right, but {many} {'is' if many == 1 else 'are'} missing."
    if not given:
        general = f"You gave none, but {many} {'is' if many == 1 else 'are'} right here."
    kinds: dict[str, int] = {}
    for item in absent:
        kind = missing(item)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    told = "; ".join(kind if n == 1 else f"{kind} (×{n})" for kind, n in kinds.items())
    pointer = missing(absent[0])[1]
    return general, f"{general} Missing: {told}.", f"{general} {_capital(pointer)}"


def listed(names: list[str]) -> str:
    """Names as a hint says them: ``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def set_diagnosis(
    wrong: Callable[[Any, Any], str],
    missing: Callable[[Any, Any], tuple[str, str]],
    named: Callable[[Any], str] = str,
) -> Callable[[Any, Any, Any], tuple[str, ...]]:
    """A set exercise's ``diagnose``: :func:`set_mistakes` with ``wrong(position, item)`` and
    ``missing(position, item)`` asked at the exercise's position."""

    def diagnose(given: Any, truth: Any, position: Any) -> tuple[str, ...]:
        return set_mistakes(
            given,
            truth,
            lambda item: wrong(position, item),
            lambda item: missing(position, item),
            named,
        )

    return diagnose


def solution(exercise_id: str) -> str:
    """For a teacher: the answer, why in words, and the rule IDs; printed and returned."""
    exercise = get(exercise_id)
    text = (
        f"{exercise.id}: {exercise.title}\nanswer: {_plain(_truth(exercise_id))}\n"
        f"{exercise.explanation}\nrules: {', '.join(exercise.rules)}"
    )
    print(text)
    return text


def _read(exercise: Exercise, answer: Any) -> Any:
    """``answer`` in the exercise's canonical form, or :class:`_Unreadable`."""
    kind = exercise.kind
    if kind is Kind.NUMBER:
        return _number(answer)
    if kind is Kind.BOOL:
        return _yes_no(answer)
    if kind is Kind.CHOICE:
        return _item(exercise, answer)
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        items: list[Any] = [answer]
    elif kind is Kind.SEQUENCE and isinstance(answer, (set, frozenset)):
        raise _Unreadable("a set has no order; give a list such as [2, 0, 1]")
    else:
        items = list(answer)
    read = [_item(exercise, one) for one in items]
    return frozenset(read) if kind is Kind.SET else tuple(read)


def _item(exercise: Exercise, item: Any) -> Any:
    """One item of an answer, mapped by the exercise's ``item`` (texts folded by default)."""
    try:
        if exercise.item is not None:
            return exercise.item(item)
    except (KeyError, ValueError, TypeError) as why:
        raise _Unreadable(f"{_short(item)} is not a name this question knows") from why
    return item.replace(" ", "").upper() if isinstance(item, str) else item


_UNITS = re.compile(r"\s*(hp|points?|pts|coins?)\s*$", re.IGNORECASE)
"""A unit a student may write after a number (``"-4 HP"``, ``"34 points"``)."""


def _number(answer: Any) -> int | float:
    """A number from an int, a float or a text such as ``" 34 "``, ``"-4 HP"`` or ``"−4"``."""
    if isinstance(answer, bool):
        raise _Unreadable("write the number itself")
    if isinstance(answer, str):
        text = _UNITS.sub("", answer.strip().replace("\u2212", "-"))
        try:
            answer = float(text.replace(",", "").replace(" ", ""))
        except ValueError:
            raise _Unreadable("write it with digits, such as 12") from None
    if not isinstance(answer, (int, float)):
        raise _Unreadable("write it with digits, such as 12")
    return int(answer) if float(answer).is_integer() else float(answer)


def _yes_no(answer: Any) -> bool:
    """True or False from a bool or from yes/no, true/false."""
    if isinstance(answer, bool):
        return answer
    words = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}
    if isinstance(answer, str) and answer.strip().lower() in words:
        return words[answer.strip().lower()]
    raise _Unreadable("answer True or False (or yes or no)")


def _shape(kind: Kind, given: Any, truth: Any) -> str:
    """What can be said of a wrong set or sequence without giving the answer away."""
    if kind is Kind.SET:
        extra = sorted(given - truth, key=repr)
        if extra:
            many = "is" if len(extra) == 1 else "are"
            return f" {len(extra)} of your items {many} not right, such as {_short(extra[0])}."
        missing = len(truth - given)
        return f" Yours are all right, but {missing} {'is' if missing == 1 else 'are'} missing."
    if kind is Kind.SEQUENCE:
        for place, (mine, right) in enumerate(zip(given, truth, strict=False), start=1):
            if mine != right:
                return f" The first wrong place is the {_ordinal(place)}."
        return f" The answer has {len(truth)} items; yours has {len(given)}."
    return ""


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ..."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10)
    return f"{number}{suffix or 'th'}"


def _plain(value: Any) -> str:
    """An answer as a reader writes it: sets sorted, sequences as lists."""
    if isinstance(value, frozenset):
        return "{" + ", ".join(sorted(map(str, value))) + "}" if value else "set()"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def _short(value: Any) -> str:
    """A short quotation of what was given (at most about 40 characters)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
