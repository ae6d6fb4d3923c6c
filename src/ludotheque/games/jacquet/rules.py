"""The rules of Jacquet as pure functions on an immutable board, written to be read.

Points are numbered from each player's own point of view: his talon (the corner pile he starts
from) is point 1, his fourth and last table is points 19–24, and a checker borne off goes to
:data:`OFF` (25). The two talons stand in diagonally opposite corners and both players travel
the same way round, so a player's point ``p`` is his opponent's point ``p + 12`` (modulo 24). A
checker on the bar (:data:`BAR`, 0) exists only in the DLP summary's reading, where checkers are
hit.

This module is the statement of the rules; :mod:`ludotheque.games.jacquet.fast` is the same
rules compiled for speed, and a differential test holds the two equal.

>>> board = Board.opening()
>>> [str(s) for s in legal_steps(board, 0, (6, 6, 6, 6), MOULIDARS)]
['1/7']
>>> [str(s) for s in legal_steps(board.play(0, Step(1, 6)), 0, (6, 6, 6), MOULIDARS)]
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ludotheque.core.errors import NotationError
from ludotheque.core.game import Refusal
from ludotheque.core.i18n import _
from ludotheque.core.numbers import parse_int

#: Where a player's checkers start: «empile ses dames… dans le coin à gauche de son adversaire».
TALON = 1
#: The fourth and last table, where the checkers are brought before they are borne off.
FOURTH_TABLE = range(19, 25)
#: A checker borne off.
OFF = 25
#: A checker hit in the DLP reading, waiting to enter again.
BAR = 0
CHECKERS = 15
#: The ends of a step as a French player may type them, read as the notation's: the bar
#: (*barre*), and a checker borne off (*sortie*, «on les sort»).
FRENCH_ENDS = {"barre": "bar", "sortie": "off", "sort": "off", "dehors": "off"}
#: The opponent's point p is the player's point p + HALF_TRACK.
HALF_TRACK = 12


class ReadingName(StrEnum):
    """Which text the rules follow."""

    #: de Moulidars, pp. 183–184 (1840 per the DLP record): no hitting, the courier leaves
    #: the talon alone.
    MOULIDARS = "moulidars-1840"
    #: The Digital Ludeme Project's English summary: lone checkers are hit, and the courier
    #: rule only forbids two checkers on one point.
    DLP = "dlp-summary"


@dataclass(frozen=True)
class Reading:
    """The rules that differ between readings, as flags the move generator tests."""

    name: ReadingName = ReadingName.MOULIDARS
    #: Whether, when only one die of a coup simple can be played, it must be the higher (no
    #: source at hand states it: off by default, docs/rules/jacquet.md).
    higher_die: bool = False
    #: Whether a die that can bear a checker off must (true), or may move another instead.
    bear_off_compulsory: bool = True

    @property
    def hitting(self) -> bool:
        return self.name is ReadingName.DLP

    @property
    def talon_locked(self) -> bool:
        return self.name is ReadingName.MOULIDARS


MOULIDARS = Reading()
DLP_SUMMARY = Reading(ReadingName.DLP)


def table_of(point: int) -> int:
    """The table (1–4) a point of the player's track lies in.

    >>> table_of(1), table_of(12), table_of(13), table_of(24)
    (1, 2, 3, 4)
    """
    return (point - 1) // 6 + 1


def index_of(player: int, point: int) -> int:
    """The absolute index (0–23, White's point minus one) of ``player``'s point 1–24."""
    return (point - 1 + HALF_TRACK * player) % 24


@dataclass(frozen=True, order=True)
class Step:
    """One die played by one checker: from a point (or the bar) by ``die`` points."""

    origin: int
    die: int

    def destination(self) -> int:
        return min(self.origin + self.die, OFF)

    def __str__(self) -> str:
        start = "bar" if self.origin == BAR else str(self.origin)
        if self.origin + self.die < OFF:
            return f"{start}/{self.origin + self.die}"
        # A die larger than the distance bears off a lower checker: the die is written.
        return f"{start}/off" if self.origin + self.die == OFF else f"{start}/off({self.die})"

    @classmethod
    def parse(cls, text: str) -> Step:
        """Read ``1/7``, ``bar/3``, ``22/off``, ``20/off(6)`` (a trailing ``*`` is ignored),
        and the same in French words: ``barre/3``, ``22/sortie``, ``20/sortie(6)``.

        >>> Step.parse("20/off(6)"), Step.parse("bar/3"), Step.parse("7/13*")
        (Step(origin=20, die=6), Step(origin=0, die=3), Step(origin=7, die=6))
        >>> Step.parse("22/sortie"), Step.parse("barre/3"), Step.parse("20/sortie(6)")
        (Step(origin=22, die=3), Step(origin=0, die=3), Step(origin=20, die=6))
        """
        words = text.strip().lower().rstrip("*")
        start, slash, end = words.partition("/")
        start = FRENCH_ENDS.get(start, start)
        word, bracket, rest = end.partition("(")
        end = FRENCH_ENDS.get(word, word) + bracket + rest
        die = None
        if end.startswith("off(") and end.endswith(")"):
            end, die = "off", end[4:-1]
        origin = BAR if start == "bar" else parse_int(start)
        target = OFF if end == "off" else parse_int(end)
        distance = None
        if origin is not None and target is not None:
            distance = parse_int(die) if die is not None else target - origin
        if (
            not slash or origin is None or target is None or distance is None
            or not 1 <= distance <= 6 or not origin < target <= OFF
        ):
            raise NotationError(_(
                "{text} is not a move; write from/to in your own numbering, such as 1/7, bar/3, "
                "22/off, or 20/off(6) when a 6 bears off from the 5-point.",
                text=repr(text.strip())))
        return cls(origin, distance)


@dataclass(frozen=True)
class Board:
    """Where the thirty checkers are, and whether each player's courier has come home.

    ``points`` holds the 24 points by absolute index (White's point minus one): White's checkers
    count positive, Black's negative. A point never holds both colours.
    """

    points: tuple[int, ...]
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    #: Whether a checker of each player has reached his fourth table (the courier is home).
    couriers: tuple[bool, bool] = (False, False)

    @classmethod
    def opening(cls) -> Board:
        """Fifteen checkers on each talon, the talons in diagonally opposite corners."""
        # Rule "the talons": «chacun des deux joueurs empile ses dames, 5 par 5, dans le coin à
        # gauche de son adversaire, comme au revertier».
        points = [0] * 24
        points[index_of(0, TALON)] = CHECKERS
        points[index_of(1, TALON)] = -CHECKERS
        return cls(tuple(points))

    def mine(self, player: int, point: int) -> int:
        """How many of ``player``'s checkers stand on his point 1–24."""
        count = self.points[index_of(player, point)]
        return max(count, 0) if player == 0 else max(-count, 0)

    def theirs(self, player: int, point: int) -> int:
        """How many of the opponent's checkers stand on ``player``'s point 1–24."""
        count = self.points[index_of(player, point)]
        return max(-count, 0) if player == 0 else max(count, 0)

    def lowest(self, player: int) -> int:
        """The rearmost point holding one of ``player``'s checkers (BAR, 1–24, or OFF)."""
        if self.bar[player]:
            return BAR
        return next((p for p in range(1, 25) if self.mine(player, p)), OFF)

    def has_left_talon(self, player: int) -> bool:
        """Whether one of ``player``'s checkers is out of the talon (on the board or the bar)."""
        return bool(self.bar[player]) or any(self.mine(player, p) for p in range(TALON + 1, 25))

    def checkers(self, player: int) -> int:
        """All of a player's checkers, on the board, on the bar or off: always fifteen."""
        on_board = sum(self.mine(player, p) for p in range(1, 25))
        return on_board + self.bar[player] + self.off[player]

    def play(self, player: int, step: Step) -> Board:
        """The board after ``step``, assumed legal (see :func:`destination`)."""
        points = list(self.points)
        bar, off, couriers = list(self.bar), list(self.off), list(self.couriers)
        sign = 1 if player == 0 else -1
        if step.origin == BAR:
            bar[player] -= 1
        else:
            points[index_of(player, step.origin)] -= sign
        target = step.destination()
        if target == OFF:
            off[player] += 1
        else:
            at = index_of(player, target)
            if points[at] == -sign:
                # Rule "hitting" (DLP): the lone checker hit goes to the bar to enter again.
                points[at] = 0
                bar[1 - player] += 1
            points[at] += sign
            if target in FOURTH_TABLE:
                # Rule "the courier": «une dame étant rentrée, on peut à volonté…».
                couriers[player] = True
        return Board(tuple(points), (bar[0], bar[1]), (off[0], off[1]), (couriers[0], couriers[1]))


def destination(board: Board, player: int, step: Step, reading: Reading) -> int | None:
    """Where ``step`` takes the checker (a point, or OFF), or None if the rules forbid it."""
    origin, die = step.origin, step.die
    if board.bar[player]:
        # Rule "entering again" (DLP): a hit checker enters before any other moves; a die
        # enters it on the point of that number.
        if origin != BAR:
            return None
    elif origin == BAR or not board.mine(player, origin):
        return None
    target = origin + die
    if target >= OFF:
        return OFF if may_bear_off(board, player, origin, die) else None
    # Rule "bearing off is compulsory": «on les sort… en sortant celles que les dés font battre
    # sur le bord… quand on n'a pas de dame inférieure, on est forcé de jouer une dame
    # supérieure»: a die moves a checker inside the table only when it can bear none off.
    if reading.bear_off_compulsory and any(
        board.mine(player, p) and may_bear_off(board, player, p, die)
        for p in range(OFF - die, OFF)
    ):
        return None
    if not board.couriers[player]:
        # Rule "the courier" (1840): «une seconde dame ne pouvant jouer avant que la première
        # soit rentrée»: while one checker is out, no other leaves the talon.
        if reading.talon_locked and origin == TALON and board.has_left_talon(player):
            return None
        # Rule "no pairing before the courier": «on ne peut accoupler les dames sur aucune
        # flèche avant que l'une d'elles ne soit rentrée».
        if target != TALON and board.mine(player, target):
            return None
    opposing = board.theirs(player, target)
    # Rule "no hitting" (1840): «l'adversaire ne pouvant se placer sur une flèche occupée»;
    # in the DLP reading only a point held by two or more is closed.
    if opposing and (not reading.hitting or opposing > 1):
        return None
    return target


def why_not(
    board: Board, player: int, step: Step, dice: tuple[int, ...], reading: Reading
) -> Refusal:
    """The rule that forbids ``step`` with ``dice`` left to play, as docs/rules/jacquet.md
    names it, told in the player's own numbering: :func:`destination`'s checks in its order,
    then those of :func:`legal_steps`."""
    origin, die = step.origin, step.die
    if board.bar[player] and origin != BAR:
        return Refusal(_("entering again (DLP)"), _("a checker on the bar enters before any "
                                                    "other moves"))
    if not (board.bar[player] if origin == BAR else board.mine(player, origin)):
        return Refusal(_("a die moves one checker"), _("you have no checker on the bar")
                       if origin == BAR else
                       _("you have no checker on point {point}", point=origin))
    larger = [d for d in dice if d > die]
    if die not in dice and origin + die == OFF and larger:
        # 20/off typed with a 6 to play: the 6 would bear it off, written 20/off(6).
        step, die = Step(origin, min(larger)), min(larger)
    if die not in dice:
        return Refusal(_("a die moves one checker"), _(
            "a checker moves the number of a die, and {dice}", dice=dice_words(dice)))
    target = origin + die
    if target >= OFF:
        if board.lowest(player) < FOURTH_TABLE.start:
            return Refusal(_("bearing off"), _("a checker is borne off only when all fifteen are "
                                               "in the fourth table, points 19 to 24"))
        struck = OFF - die
        return Refusal(_("a lower checker"), _(
            "the {die} bears off the checker on point {point}, or failing one there the highest "
            "below it", die=die, point=struck))
    if destination(board, player, step, reading) is None:
        if reading.bear_off_compulsory and any(
            board.mine(player, p) and may_bear_off(board, player, p, die)
            for p in range(OFF - die, OFF)
        ):
            return Refusal(_("bearing off is compulsory"), _(
                "the {die} can bear a checker off, so it must", die=die))
        if not board.couriers[player]:
            if reading.talon_locked and origin == TALON and board.has_left_talon(player):
                return Refusal(_("the courier"), _("no second checker leaves the talon before "
                                                   "the courier has reached the fourth table"))
            if target != TALON and board.mine(player, target):
                return Refusal(_("no pairing before the courier"), _(
                    "you hold point {point} already, and no two checkers share a point before "
                    "the courier has reached the fourth table", point=target))
        if reading.hitting:
            return Refusal(_("hitting (DLP)"), _(
                "the opponent holds point {point} with two checkers or more", point=target))
        return Refusal(_("no hitting"), _("the opponent holds point {point}", point=target))
    single = len(dice) == 2 and dice[0] != dice[1] and die == min(dice)
    if reading.higher_die and single and most_dice(board, player, dice, reading) == 1:
        return Refusal(_("the higher die (option)"), _(
            "only one die can be played, so the {die}", die=max(dice)))
    return Refusal(_("play all the dice you can"), _("another play uses more of the dice"))


def may_bear_off(board: Board, player: int, origin: int, die: int) -> bool:
    """Whether ``die`` bears off the checker on ``origin`` (which it carries past the edge)."""
    # Rule "bearing off": «Quand toutes les dames sont échelonnées sur les flèches qui mènent à
    # la quatrième table, on les rentre dans cette table, après quoi, on les sort».
    if board.lowest(player) < FOURTH_TABLE.start:
        return False
    struck = OFF - die  # the point the die makes «battre sur le bord»
    if origin == struck:
        return True
    # Rule "a lower checker": «Quand on n'a pas de dame correspondante au dé, on sort une dame
    # d'un nombre inférieur… le 5 ou à son défaut le 4 et ainsi de suite».
    if board.mine(player, struck):
        return False
    return origin == next(p for p in range(struck + 1, OFF) if board.mine(player, p))


def steps_for_die(board: Board, player: int, die: int, reading: Reading) -> list[Step]:
    """Every single step the rules allow with ``die``, ignoring the other dice."""
    origins = [BAR] if board.bar[player] else range(1, 25)
    return [
        Step(origin, die)
        for origin in origins
        if destination(board, player, Step(origin, die), reading) is not None
    ]


def most_dice(board: Board, player: int, dice: tuple[int, ...], reading: Reading) -> int:
    """How many of ``dice`` (those still to play) can be played, in the best order."""
    best = 0
    for die in set(dice):
        rest = _without(dice, die)
        for step in steps_for_die(board, player, die, reading):
            best = max(best, 1 + most_dice(board.play(player, step), player, rest, reading))
            if best == len(dice):
                return best
    return best


def legal_steps(board: Board, player: int, dice: tuple[int, ...], reading: Reading) -> list[Step]:
    """The steps that begin a complete legal play of ``dice``: only these may be played.

    ``dice`` are the dice still to play this turn: both dice of a coup simple, or four of a
    doublet, fewer once some are played.
    """
    # Rule "doublets count double": «si l'on amène quine… on compte 20 points» — a doublet is
    # four dice (the caller passes four).
    need = most_dice(board, player, dice, reading)
    if need == 0:
        return []
    candidates = []
    for die in sorted(set(dice), reverse=True):
        rest = _without(dice, die)
        for step in steps_for_die(board, player, die, reading):
            # Rule "play all the dice you can" (the general rules of trictrac).
            if 1 + most_dice(board.play(player, step), player, rest, reading) == need:
                candidates.append(step)
    if reading.higher_die and need == 1 and len(dice) == 2 and dice[0] != dice[1]:
        # Rule "the higher die": if only one die of a coup simple can be played, the higher.
        higher = [s for s in candidates if s.die == max(dice)]
        candidates = higher or candidates
    return sorted(candidates)


def complete_plays(
    board: Board, player: int, dice: tuple[int, ...], reading: Reading
) -> dict[Board, tuple[Step, ...]]:
    """Every distinct complete play: the board it leads to, with one way to play it."""
    plays: dict[Board, tuple[Step, ...]] = {}

    def walk(current: Board, left: tuple[int, ...], done: tuple[Step, ...]) -> None:
        steps = legal_steps(current, player, left, reading)
        if not steps:
            plays.setdefault(current, done)
        for step in steps:
            walk(current.play(player, step), _without(left, step.die), (*done, step))

    walk(board, dice, ())
    return plays


def dice_words(dice: tuple[int, ...]) -> str:
    """The dice left to play, in words.

    >>> dice_words((6, 2)), dice_words((3, 3, 3)), dice_words(())
    ('the dice left are 6 and 2', 'the dice left are 3, 3 and 3', 'no die is left')
    """
    if not dice:
        return _("no die is left")
    if len(dice) == 1:
        return _("the die left is {die}", die=dice[0])
    return _("the dice left are {dice}", dice=_(
        "{numbers} and {last}", numbers=", ".join(map(str, dice[:-1])), last=dice[-1]))


def dice_of(high: int, low: int) -> tuple[int, ...]:
    """The dice a throw gives to play: two, or four for a doublet."""
    return (high,) * 4 if high == low else (high, low)


def multiple(board: Board, loser: int) -> int:
    """The agreed multiple game: how many games the loser loses (1 to 5).

    >>> multiple(Board.opening(), 1)
    5
    """
    # Rule "the multiple game": «double, si le perdant rentrait toutes ses dames dans la 4e
    # partie… sans en sortir une seule…; triple, s'il restait des dames dans la 3e partie;
    # quadruple…dans la 2e; quintuple… dans la 1e, c'est-à-dire dans celle qui a le talon».
    if board.off[loser]:
        return 1
    rearmost = board.lowest(loser)
    return 5 if rearmost == BAR else 6 - table_of(rearmost)


def pips(board: Board, player: int) -> int:
    """Points still to travel to bear every checker off (the pip count).

    >>> pips(Board.opening(), 0)
    360
    """
    on_board = sum(board.mine(player, p) * (OFF - p) for p in range(1, 25))
    return on_board + board.bar[player] * (OFF - BAR)


def cochonnets(board: Board, player: int) -> int:
    """Checkers of ``player`` that have not reached the fourth table: «cochonnets»."""
    return board.bar[player] + sum(board.mine(player, p) for p in range(1, FOURTH_TABLE.start))


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def check(board: Board) -> None:
    """Raise if ``board`` cannot occur: a player without fifteen checkers."""
    for player in (0, 1):
        if board.checkers(player) != CHECKERS or min(board.bar[player], board.off[player]) < 0:
            raise NotationError(_(
                "each player has fifteen checkers; this board gives {seat} {count}.",
                seat=_("White") if player == 0 else _("Black"), count=board.checkers(player)))
