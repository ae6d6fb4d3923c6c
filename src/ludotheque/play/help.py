"""Help while playing: a rule set's quick rules and what a person may ask at the prompt.

Each rules doc (``docs/rules/<doc>.md``, carried in the wheel as ``ludotheque/rules``) opens
with a section headed "How to play": ten to twenty plain lines for someone who has never
played. A doc that holds two rule sets gives the second its own such section at the head of
the section that names its id. What a game answers besides is its manifest's
``questions``, answered by its ``explain``.

>>> import ludotheque
>>> print(answer(ludotheque.load_game("crypto-geographique"), "").text)
You may ask:
  ? rules — how to play: the aim, a turn, how a move is written
  ? Somme, ? 80 — the départements that touch one, asked by name or number
  undo — take back your own last move, where the rules allow (see the rules doc's "Taking back")
  hint — the computer's three best moves for you, with what it thinks each is worth
>>> answer(ludotheque.load_game("jacquet"), "rules").text.splitlines()[0]  # doctest: +ELLIPSIS
'- The aim: ...'
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ludotheque.core.errors import LudothequeError, quoted
from ludotheque.core.i18n import LANGUAGES, _, language, marked, reading
from ludotheque.core.registry import manifest

if TYPE_CHECKING:
    from ludotheque.core.game import Game, State

HEADING = "How to play"
#: The How to play's heading in each language's doc (``docs/rules/<language>/<doc>.md``, which
#: holds only that section, written from the sources; English is the whole rules doc).
HEADINGS = {"en": HEADING, "fr": "Comment jouer"}
#: What a person may type at the prompt for help, besides a question after ``?``.
HELP_WORDS = ("help", "rules", "aide", "règles", "regles")
#: What a person may type at the prompt to take back his own last decision.
UNDO_WORDS = ("undo", "take back", "annuler", "reprendre")
#: What a person may type at the prompt for a hint (``agents.hint``).
HINT_WORDS = ("hint", "conseil", "indice")
#: The French words for help, and the question each asks, in whatever language he reads: what
#: a person types is understood in both.
FRENCH_QUESTIONS = {"aide": "help", "règles": "rules", "regles": "rules",
                    "comment jouer": "how to play"}


class Answer(NamedTuple):
    """What to show: ``markdown`` if ``text`` is Markdown (the quick rules), to be drawn as
    such where the front end can; else one plain paragraph."""

    text: str
    markdown: bool = False


def rules_doc(name: str, in_language: str = LANGUAGES[0]) -> str:
    """The whole rules doc of a rule set, or its How to play in ``in_language`` where that is
    not English: the wheel's copy, or the repository's docs/rules."""
    doc = manifest(name).doc or name
    folder = () if in_language == LANGUAGES[0] else (in_language,)
    packaged = resources.files("ludotheque").joinpath("rules", *folder, f"{doc}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    in_repository = Path(__file__).resolve().parents[3].joinpath("docs", "rules", *folder,
                                                                 f"{doc}.md")
    if in_repository.is_file():
        return in_repository.read_text(encoding="utf-8")
    raise LudothequeError(_("the rules of {game} are not written down yet.", game=name))


def how_to_play(name: str, game: Game | None = None) -> str:
    """The rule set's "How to play" section, without its heading: the first one in its doc,
    or, where the doc holds several rule sets, the first after the heading naming ``name``;
    as ``game``'s options have it, where given (:func:`fitted`)."""
    section = _section(name)
    return marked_doc(section if game is None else fitted(section, game))


def marked_doc(text: str) -> str:
    """A doc in the reader's language (Markdown) as he is told it: each line's words between
    the pseudo-locale's marks where they are on, its Markdown left to render."""
    return "\n".join(re.sub(r"^([-#*>|\s]*)(.+)$", lambda m: m[1] + marked(m[2]), line)
                     for line in text.splitlines())


def fitted(section: str, game: Game) -> str:
    """A How to play, written for the defaults, as ``game``'s options have it: each sentence
    they change replaced (a line dropped where none is left), each they add at the end.

    >>> import ludotheque
    >>> game = ludotheque.load_game("crypto-geographique-chaine", rounds=2)
    >>> how_to_play(game.name, game).splitlines()[-1]
    '- The game lasts two rounds (option `rounds`).'
    """
    lines = section.splitlines()
    for said, now in game.manifest.sentences(game):
        if said == now:
            continue
        at = next((i for i, line in enumerate(lines) if said and said in line), None)
        if at is None:
            lines.append(f"- {now}")
        elif now:
            lines[at] = lines[at].replace(said, now)
        else:
            lines[at] = lines[at].replace(said, "").rstrip()
            if lines[at] in ("-", ""):
                del lines[at]
    return "\n".join(lines)


def _section(name: str) -> str:
    """The How to play of ``name`` in the reader's language, or in English where it is not
    written in his (a rule set another package adds)."""
    reader = language()
    try:
        lines = rules_doc(name, reader).splitlines()
    except LudothequeError:
        if reader == LANGUAGES[0]:
            raise
        with reading(LANGUAGES[0]):
            return _section(name)
    start = 0
    if (manifest(name).doc or name) != name:
        named = [i for i, line in enumerate(lines) if line.startswith("#") and f"`{name}`" in line]
        start = named[0] if named else len(lines)
    for i in range(start, len(lines)):
        level, _, title = lines[i].partition(" ")
        if set(level) == {"#"} and title.strip() == HEADINGS[language()]:
            body = []
            for line in lines[i + 1:]:
                hashes = line.partition(" ")[0]
                if set(hashes) == {"#"} and len(hashes) <= len(level):
                    break
                body.append(line)
            return "\n".join(body).strip()
    raise LudothequeError(_('the rules of {game} have no "{heading}" section yet.', game=name,
                            heading=HEADINGS[language()]))


def questions(game: Game, terminal: bool = True) -> list[tuple[str, str]]:
    """What may be asked after ``?``: (how it is asked, what it tells), at the terminal or,
    where ``terminal`` is false, on a table's page (which takes back with its button, and asks
    nothing that writes a file)."""
    asked = [(_(form), _(tells)) for form, tells in game.manifest.questions
             if terminal or not _at_terminal_only(game, form)]
    undo = [(_("undo"), _("take back your own last move, where the rules allow (see the rules "
                          "doc's \"Taking back\")"))] if terminal else []
    hint = [(_("hint"), _("the computer's three best moves for you, with what it thinks each "
                          "is worth"))] if terminal and game.manifest.has("hint") else []
    return [(_("? rules"), _("how to play: the aim, a turn, how a move is written")), *asked,
            *undo, *hint]


def _at_terminal_only(game: Game, question: str) -> bool:
    """Whether ``question`` (as typed, with or without its ``?``) is answered at the terminal
    only (:attr:`Manifest.terminal_questions`)."""
    first = question.removeprefix("?").strip().lower().partition(" ")[0]
    return first in game.manifest.terminal_questions


def answer(game: Game, question: str, state: State | None = None,
           terminal: bool = True) -> Answer:
    """The answer to ``question`` (what a person typed after ``?``, or ``help`` or ``rules``
    typed alone): nothing or ``help`` lists what may be asked, ``rules`` gives the quick
    rules, anything else is the game's to explain. On a table's page (``terminal`` false), a
    question that writes a file is refused, and a take-back is the page's button."""
    asked = " ".join(question.lower().split())
    asked = FRENCH_QUESTIONS.get(asked, asked)
    if not terminal and _at_terminal_only(game, asked):
        return Answer(_("That is asked at the terminal (ludotheque play), where the file is "
                        "written on your own machine; here the table is drawn on the page."))
    if not terminal and asked in UNDO_WORDS:
        return Answer(_("To take back your last move, use the button “Take back my last "
                        "move” under the board."))
    if not terminal and asked in HINT_WORDS:
        return Answer(_("To ask for a hint, use the button “Hint” under the board, where the "
                        "table allows hints."))
    if asked in ("", "help"):
        listed = [f"  {form} — {tells}" for form, tells in questions(game, terminal)]
        return Answer("\n".join([_("You may ask:"), *listed]))
    if asked in ("rules", "how to play"):
        try:
            return Answer(how_to_play(game.name, game), markdown=True)
        except LudothequeError as error:
            return Answer(str(error))
    told = game.manifest.answer(game, question.strip(), state)
    if told is None:
        return Answer(_("No answer to {question} here; a bare ? lists what may be asked.",
                        question=quoted(question.strip())))
    return Answer(told)
