"""The ``exercise-answers`` directive: a game's exercise answers, computed while the site builds.

    ```{exercise-answers} takenoko
    ```

writes, for each exercise of the game in the notebook's order, its title, its question, the
engine's answer, why, and its rules (linked to the rule pages) — the text that
``bamboo_lab.exercises.solution`` prints in a notebook. The page's source holds no answer, so
a student who opens it in JupyterLab's file browser reads none.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

GAMES = ("takenoko", "bamboo", "bangkok")
"""The games that have exercises (``bamboo_lab.exercises.all_exercises(game)``)."""
_RULE_PAGE = {"TK": "takenoko", "BB": "bamboo", "BK": "bangkok"}
"""A rule ID's prefix to its rule page (``docs/rules/<game>.md``)."""


def solution_parts(exercise_id: str) -> dict[str, str]:
    """The answer, why and rules of an exercise, as ``exercises.solution`` gives them."""
    from bamboo_lab import exercises

    with contextlib.redirect_stdout(io.StringIO()):
        text = exercises.solution(exercise_id)
    lines = text.splitlines()
    # solution(): "<id>: <title>", "answer: ...", the explanation, "rules: A, B"
    if not (lines[1].startswith("answer: ") and lines[-1].startswith("rules: ")):
        raise ValueError(f"exercises.solution({exercise_id!r}) changed its form: {text!r}")
    return {
        "answer": lines[1].removeprefix("answer: "),
        "why": " ".join(lines[2:-1]),
        "rules": lines[-1].removeprefix("rules: "),
    }


def rule_link(rule_id: str, page_prefix: str = "../rules/") -> str:
    """A Markdown link to a rule's heading on its rule page (``TK-IRR-4`` to ``#tk-irr-4``)."""
    page = _RULE_PAGE[rule_id.split("-", 1)[0]]
    return f"[{rule_id}]({page_prefix}{page}.md#{rule_id.lower()})"


def answers_markdown(game: str) -> list[str]:
    """The Markdown lines of every exercise answer of ``game``, computed by the engine."""
    from bamboo_lab import exercises

    if game not in GAMES:
        raise ValueError(f"no exercises for {game!r}: choose one of {', '.join(GAMES)}")
    lines: list[str] = []
    for exercise in exercises.all_exercises(game):
        parts = solution_parts(exercise.id)
        rules = ", ".join(rule_link(rule.strip()) for rule in parts["rules"].split(","))
        answer = parts["answer"].replace("`", "'")
        lines += [
            f"**{exercise.id}: {exercise.title}**",
            "",
            exercise.question,
            "",
            f"- **Answer:** `{answer}`",
            f"- **Why:** {parts['why']}",
            f"- **Rules:** {rules}",
            "",
        ]
    return lines


class ExerciseAnswers(SphinxDirective):
    """``{exercise-answers} <game>``: the game's exercise answers, rendered from the engine."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Parse the computed Markdown in place of the directive."""
        game = self.arguments[0].strip()
        try:
            lines = answers_markdown(game)
        except ValueError as error:
            raise self.error(str(error)) from error
        container = nodes.container(classes=["exercise-answers"])
        self.state.nested_parse(StringList(lines, source=self.get_source_info()[0]), 0, container)
        # the answers change when the exercises do: the page is rebuilt with them
        from bamboo_lab import exercises

        for module in sorted(Path(exercises.__file__).parent.glob("*.py")):
            self.env.note_dependency(str(module))
        return [container]


def setup(app: Any) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("exercise-answers", ExerciseAnswers)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
