"""The pages the server renders: the lobby, a new table's form, a table, the rules, a replay.

A page is rendered whole here (Jinja2 templates in ``templates/``) and holds nothing a seat
may not see: a table's page carries the table's public facts only, and the game itself comes
through the WebSocket, seat by seat, once the page has said whose link it holds.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import timedelta
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.dates import format_timedelta
from jinja2 import Environment, PackageLoader, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

from ludotheque.agents import PERSON, is_person, kinds, make_agent
from ludotheque.agents.levels import LEVELS, methods
from ludotheque.core.errors import LudothequeError, OptionError, RecordError, quoted
from ludotheque.core.i18n import (
    LANGUAGES,
    N_,
    NAMES,
    _,
    gettext,
    language,
    plural,
    script_messages,
)
from ludotheque.core.record import Record
from ludotheque.core.registry import load_game, manifest, manifests
from ludotheque.play.help import how_to_play, marked_doc, rules_doc
from ludotheque.play.result import result_sentence
from ludotheque.play.table import taken_back
from ludotheque.server.service import stand_in
from ludotheque.server.settings import read_settings, settings_of, told

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ludotheque.core.manifest import Manifest
    from ludotheque.core.options import Option
    from ludotheque.server.service import Line, Over, Service
    from ludotheque.server.table import GameTable

_templates = Environment(
    loader=PackageLoader("ludotheque.server", "templates"),
    autoescape=select_autoescape(),
    trim_blocks=True,
    lstrip_blocks=True,
    extensions=["jinja2.ext.i18n"],
)
# A page says its sentences in its reader's language, the one the request is answered in.
_templates.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=gettext, ngettext=plural,
    newstyle=True,
)
_markdown = MarkdownIt("commonmark").enable("table")
_log = logging.getLogger("ludotheque.server")

def seat_kinds() -> dict[str, str]:
    """How each kind of seat is offered on a new table's form, in the reader's language."""
    return {
        PERSON: _("a person (send them the seat's link)"),
        "random": _("computer, random moves"),
        "heuristic": _("computer, heuristic"),
        "easy": _("computer, easy"),
        "medium": _("computer, medium"),
        "hard": _("computer, hard"),
    }


def has_screen(game: str) -> bool:
    """Whether the browser can seat ``game``: its screen module is in ``static/games``."""
    return (resources.files("ludotheque.server") / "static" / "games" / f"{game}.js").is_file()


def seated() -> list[Manifest]:
    """The rule sets the browser seats, in the registry's order."""
    return [m for m in manifests() if has_screen(m.id)]


def _render(template: str, **values: Any) -> str:
    return _templates.get_template(template).render(
        language=language(), languages=NAMES, here=_here.get(),
        script_messages=_script_messages(language()), **values)


@cache
def _script_messages(reader: str) -> dict[str, str | list[str]]:
    return script_messages(reader)


#: The path of the page being answered (its language switch comes back to it).
_here: ContextVar[str] = ContextVar("here", default="/")


def answering(path: str) -> None:
    """Say which page is being answered: its path, for the language switch."""
    _here.set(path)


def markdown(text: str) -> Markup:
    # Only the project's own docs are rendered: their HTML, if any, is trusted.
    return Markup(_markdown.render(text))


def problem(sentence: str) -> str:
    return _render("problem.html", sentence=sentence)


def lobby(service: Service, playing: list[Line], count: int, finished: list[Over]) -> str:
    """The lobby: the rule sets to open a table at, and the tables ``service.listed`` gives
    (the latest first, so many and no more: the lobby of a busy server stays a page)."""
    now = service.clock()
    games = [(declared, _aim(declared.id)) for declared in seated()]
    elsewhere = [m for m in manifests() if not has_screen(m.id)]
    return _render("lobby.html", games=games, elsewhere=elsewhere,
                   playing=[_summary(line, now) for line in playing],
                   more=max(0, count - len(playing)),
                   finished=[(over, ago(now - over.at)) for over in finished],
                   broken=sorted(service.broken.items()))


def _aim(game: str) -> str:
    """What the game is about, for a newcomer: the first line of its quick rules."""
    try:
        first = next(line for line in how_to_play(game).splitlines() if line.startswith("- "))
    except (LudothequeError, StopIteration):
        return ""
    return first.removeprefix("- ").replace("`", "")


def _summary(line: Line, now: float) -> dict[str, Any]:
    return {
        "id": line.id,
        "title": line.game.info.title,
        "seats": ", ".join(_("{seat}: {kind}", seat=line.game.seat_called(s),
                             kind=_("person") if k == PERSON else seat_kinds().get(k, k))
                           for s, k in enumerate(line.kinds)),
        "moves": line.moves,
        "begun": ago(now - line.created),
        "last": ago(now - line.last),
    }


def ago(seconds: float) -> str:
    """How long ago something happened, in the largest unit that is at least one, in the
    reader's language (Babel's).

    >>> ago(12), ago(61), ago(2 * 3600 + 5), ago(86_400 * 3)
    ('just now', '1 minute ago', '2 hours ago', '3 days ago')
    >>> from ludotheque.core.i18n import reading as in_french
    >>> with in_french("fr"):
    ...     ago(2 * 3600 + 5)
    'il y a 2 heures'
    """
    if seconds < 60:
        return _("just now")
    return str(format_timedelta(timedelta(seconds=-seconds), add_direction=True, threshold=1,
                                locale=language()))


def _offered_kinds(game: str) -> dict[str, str]:
    """The seats a new table offers: a person, and the computer players; the game's own at
    each level, then its other methods at each (Cabriole's aiming player beside its planner)."""
    loaded = load_game(game)
    offered = kinds(loaded)
    plain = {kind: label for kind, label in seat_kinds().items() if kind in offered}
    return plain | {f"{method}:{level}": _("computer, {method}, {level}",
                                           method=_(METHODS.get(method, method)),
                                           level=_(level))
                    for method in methods(loaded.name)[1:] for level in LEVELS}


#: The computer players a game offers besides its own, in words (``N_``-marked), and their
#: levels: what the form's seats say.
METHODS = {"lookahead": N_("looking one turn ahead"),
           "ismcts": N_("searching the worlds it cannot see (ISMCTS)"),
           "mcts": N_("tree search (MCTS)"), "expectimax": N_("expectimax search"),
           "planner": N_("planning its shots"), "aim": N_("aiming each shot")}


@cache
def _seat_names(game: str, reader: str) -> dict[int, list[str]]:
    """The seats' names at each number of players the rule set allows, as the ``reader``'s
    language has them (the one being answered in): the form shows them, and sends seats by
    number."""
    declared = manifest(game)
    counts = range(declared.info.min_players, declared.info.max_players + 1)
    takes_players = any(o.name == "players" for o in declared.options)
    names = {}
    for count in counts:
        loaded = load_game(game, players=count) if takes_players else load_game(game)
        names[count] = [loaded.seat_called(s) for s in range(loaded.num_players())]
    return names


def new_table(game: str, form: dict[str, str] | None = None, sentence: str | None = None) -> str:
    declared = manifest(game)
    if not has_screen(declared.id):
        raise LudothequeError(_("{title} is not played in the browser yet; play it at the "
                                "terminal (ludotheque play).", title=declared.info.title))
    form = form or {}
    defaults = [PERSON] + [stand_in(declared)] * (declared.info.max_players - 1)
    seats = [form.get(f"seat{s}", defaults[s]) for s in range(declared.info.max_players)]
    return _render(
        "new.html", declared=declared, options=_fields(declared.options, form), seats=seats,
        settings=_fields(settings_of(load_game(declared.id).continuous), form, SETTING),
        kinds=_offered_kinds(declared.id),
        names=json.dumps(_seat_names(declared.id, language())), sentence=sentence,
    )


#: What a table's setting is called on a new table's form, apart from its game's options.
SETTING = "setting-"


def _fields(options: Sequence[Option], form: dict[str, str], prefix: str = ""
            ) -> list[dict[str, Any]]:
    """The form's field of each option (or table setting), as sent back or at its default."""
    return [
        {"option": o, "field": prefix + o.name,
         "value": form.get(prefix + o.name, o.show(o.default)),
         # Each choice as typed (what the form sends) and as its reader reads it.
         "choices": [(o.show(v), o.word(v)) for v in o.allowed] if o.allowed is not None
         else [(o.show(v), o.word(v)) for v in (True, False)] if o.type is bool else None}
        for o in options
    ]


def read_new_table(game: str, form: dict[str, str]
                   ) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """The options, the seats and the table's settings a new table's form asks for (checked
    by the service)."""
    declared = manifest(game)
    options = {o.name: form[o.name] for o in declared.options if o.name in form}
    loaded = load_game(declared.id, **options)
    offered = _offered_kinds(declared.id)
    seats = []
    for seat in range(loaded.num_players()):
        kind = form.get(f"seat{seat}", "")
        if kind not in offered:
            raise OptionError(_("a seat is one of {kinds}, not {kind}.",
                                kinds=", ".join(offered), kind=repr(kind)))
        seats.append(kind)
    settings = read_settings({name.removeprefix(SETTING): value for name, value in form.items()
                              if name.startswith(SETTING)}, loaded.continuous)
    return dict(loaded.options), seats, settings


def table(table: GameTable) -> str:
    declared = table.game.manifest
    shown = {o.name: o for o in declared.options}
    said = {name: _("{option}: {value}", option=shown[name].title(),
                    value=shown[name].word(value))
            for name, value in table.game.options.items() if shown[name].rule}
    # The page's head names the readings that differ from the source's; the whole list folds.
    changed = [words for name, words in said.items()
               if table.game.options[name] != shown[name].default]
    return _render(
        "table.html", table=table, declared=declared, options=_("; ").join(said.values()),
        changed=_("; ").join(changed),
        how_to_play=_quick_rules(declared.id, tuple(table.game.options.items()), language()),
        doc=_doc(declared.id), seats=[table.seat_name(s) for s in range(len(table.kinds))],
        called=[table.game.seat_called(s) for s in range(len(table.kinds))],
        kinds=_offered_kinds(declared.id),
        settings=told(table.row.settings),
    )


# A rules doc is rendered once, and a How to play once per set of options: a page asked for
# again costs its template alone (rendering the Markdown took about 30 ms a page).
@cache
def _doc(name: str) -> Markup:
    return markdown(marked_doc(rules_doc(name)))


@lru_cache(maxsize=512)
def _quick_rules(name: str, options: tuple[tuple[str, Any], ...], reader: str) -> Markup:
    """The How to play as a table's options have it, in the ``reader``'s language (the one
    being answered in)."""
    try:
        return markdown(how_to_play(name, load_game(name, **dict(options))))
    except LudothequeError as exc:
        return Markup.escape(str(exc))


def rules(game: str) -> str:
    return _rules(game, language())


@cache
def _rules(game: str, reader: str) -> str:
    """A rules page, rendered once in each language."""
    declared = manifest(game)
    # The doc is the historians' English; a reader of another language reads his How to play
    # above it.
    quick = markdown(how_to_play(declared.id)) if reader != LANGUAGES[0] else None
    return _render("rules.html", declared=declared, doc=_doc(declared.id), how_to_play=quick)


#: What the studies of the readings hold that a page may show: reports, plots, their numbers.
READING_FILES = {".md", ".png", ".svg", ".json"}


def reading_file(path: str) -> Path:
    """The file of a study of the readings (``docs/readings``, which the rules pages link to
    and the wheel carries as ``ludotheque/readings``) at ``path``; nothing outside it.

    >>> reading_file("../../pyproject.toml")
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.LudothequeError: there is no study file '../../pyproject.toml' here.
    """
    packaged = Path(str(resources.files("ludotheque") / "readings"))
    folder = packaged if packaged.is_dir() else Path(__file__).resolve().parents[3] / "docs" / \
        "readings"
    wanted = (folder / path).resolve()
    if (wanted.suffix not in READING_FILES or not wanted.is_file()
            or not wanted.is_relative_to(folder.resolve())):
        raise LudothequeError(f"there is no study file {quoted(path)} here.")
    return wanted


def reading(file: Path) -> str:
    """A study's report, as a page."""
    return _render("reading.html", title=file.parent.name,
                   doc=markdown(file.read_text(encoding="utf-8")))


def replay(record: Record, table_id: str | None) -> str:
    declared = manifest(record.game)
    game = record.load_game()
    return _render(
        "replay.html", declared=declared, table_id=table_id,
        record=json.loads(record.to_json()),  # put in the page by |tojson, escaped
        seats=[game.seat_name(s) for s in range(game.num_players())],
        called=[game.seat_called(s) for s in range(game.num_players())],
        has_screen=has_screen(declared.id),
    )


def check_seats(record: Record) -> Record:
    """A record from outside, its seats checked as a new table's form checks them: each a
    person or a computer player of its game (a seat is shown on the replay's page).

    >>> check_seats(Record("jacquet", {}, (), ("human", "<script>")))
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.RecordError: the record's seat '<script>' is not a seat of jacquet; \
a seat is one of human, random, heuristic, easy, medium, hard, mcts:LEVEL, expectimax:LEVEL.
    """
    game = record.load_game()
    for seat in record.seats:
        if is_person(seat):
            continue
        try:
            make_agent(seat, seed=0, game=game)
        except LudothequeError:
            raise RecordError(_("the record's seat {seat} is not a seat of {game}; a seat is one "
                                "of {kinds}.", seat=quoted(seat), game=game.name,
                                kinds=", ".join(kinds(game)))) from None
    return record


def steps(record: Record, seat: int | None) -> list[dict[str, Any]]:
    """Every entry of a finished game's record, with the view after it, as ``seat`` saw it
    (None: a spectator). Where the rules fault on an entry (a record that no longer plays
    as it was played), the replay ends there with a sentence saying so, and the fault goes to
    the server's log."""
    game = record.load_game()
    if seat is not None and not 0 <= seat < game.num_players():
        raise LudothequeError(_("the seats are numbered 0 to {last}.",
                                last=game.num_players() - 1))
    shown: list[dict[str, Any]] = []
    walked = record.walk(game)
    state = game.new_initial_state()
    try:
        shown.append({"move": "", "said": _("The game begins."), "view": state.observation(seat)})
        for step in walked:
            if step.withdrawn is not None:
                said = taken_back(game, step.seat, step.withdrawn, seat)
            else:
                said = step.state.describe_last(seat) or game.move_words(step.move)
            shown.append({"move": step.move, "said": said,
                          "view": step.state.observation(seat)})
            state = step.state
        if record.stopped is not None:
            shown[-1]["result"] = _("The game was {stopped}; its record ends there.",
                                    stopped=record.stopped)
        elif state.is_terminal():
            shown[-1]["result"] = result_sentence(state)
    except LudothequeError:
        raise
    except Exception as error:  # the rules', not the record's
        _log.error("a replay of %s stopped at its entry %d", record.game, len(shown),
                   exc_info=error)
        shown.append({"move": "", "view": None, "said": _(
            "The replay stops here: the server could not replay entry {entry} of this record "
            "(its rules met a fault, now in the server's log).", entry=len(shown))})
    return shown
