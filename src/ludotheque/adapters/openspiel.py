"""Every rule set as an OpenSpiel game: importing this module registers them.

Each rule set is registered as ``python_ludotheque_<id>`` (its id's dashes as underscores), with
every option of its manifest as a game parameter (defaults as the manifest has them) and
``reward`` (``returns`` or ``win-loss``, :data:`~ludotheque.adapters.learning.REWARDS`)::

    import pyspiel
    import ludotheque.adapters.openspiel
    game = pyspiel.load_game("python_ludotheque_jacquet(reading=dlp-summary)")

A state's observation tensor and string, and for the rule sets that hide something its
information-state tensor and string of perfect recall, come from the rule set's encoding
(:mod:`ludotheque.core.encoding`, listed field by field in each rules doc); where nothing is
hidden the information state is the history, as OpenSpiel's own perfect-information games
have it. A game its ``limit`` stopped is terminal with the returns of an unfinished game; the
state says so (``truncated()``) and learning code should treat it as a truncation.

The project's players are OpenSpiel bots (:class:`LudothequeBot`): a bot is handed the seat's
turn (its view, the legal actions) and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from ludotheque.adapters.learning import REWARDS, Learner, Play, Tensor, view_text, win_loss
from ludotheque.agents import make_agent
from ludotheque.agents.mcts import Judged
from ludotheque.core.game import CHANCE, State
from ludotheque.core.manifest import Manifest
from ludotheque.core.registry import manifests

PREFIX = "python_ludotheque_"


def short_name(manifest: Manifest) -> str:
    """The rule set's name in OpenSpiel.

    >>> from ludotheque.core.registry import manifest
    >>> short_name(manifest("crypto-90"))
    'python_ludotheque_crypto_90'
    """
    return PREFIX + manifest.id.replace("-", "_")


def game_type(manifest: Manifest, zero_sum: bool | None = None) -> pyspiel.GameType:
    """The rule set's OpenSpiel type: what it is, and every option as a parameter."""
    info = manifest.info
    hidden = not info.perfect_information
    if zero_sum is None:
        zero_sum = info.zero_sum
    parameters: dict[str, Any] = {o.name: o.default for o in manifest.options}
    parameters["reward"] = REWARDS[0]
    return pyspiel.GameType(
        short_name=short_name(manifest),
        long_name=f"Ludothèque: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=hidden,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class LudothequeGame(pyspiel.Game):  # type: ignore[misc]
    """A rule set with its options, as an OpenSpiel game; one subclass per rule set."""

    manifest: Manifest

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        reward = str(params.pop("reward", REWARDS[0]))
        self.learner = Learner(self.manifest.load(**params), reward)
        game, encoding = self.learner.game, self.learner.encoding
        low, high = self.learner.utility_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions(),
            max_chance_outcomes=encoding.num_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if self.learner.zero_sum() else None,
            max_game_length=game.max_game_length(),
        )
        kind = game_type(self.manifest, self.learner.zero_sum())
        super().__init__(kind, info, {**game.options, "reward": reward})

    def new_initial_state(self) -> LudothequeState:
        return LudothequeState(self, self.learner.start())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer | Factored:
        most = _recall(params, self.max_history_length())
        if iig_obs_type is None:
            return Observer(self.learner, recall=most is not None, most=most)
        if iig_obs_type.perfect_recall and most is not None:
            raise ValueError("recall bounds an information state, which perfect_recall=True "
                             "asks whole: ask one or the other.")
        single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if single and iig_obs_type.public_info:
            return Observer(self.learner, recall=iig_obs_type.perfect_recall or most is not None,
                            most=most)
        if most is not None:
            raise ValueError("recall is a parameter of a seat's own observer "
                             "(private_info=SINGLE_PLAYER, public_info=True).")
        if iig_obs_type.perfect_recall or iig_obs_type.private_info == (
                pyspiel.PrivateInfoType.ALL_PLAYERS):
            raise ValueError("these games observe for one seat (private_info=SINGLE_PLAYER), "
                             "or what everyone sees or one seat alone sees now, as text.")
        return Factored(self.learner, public=iig_obs_type.public_info)

    def max_chance_nodes_in_history(self) -> int:
        # Where something is hidden the encoding bounds every action, chance's among them;
        # elsewhere chance speaks twice before the first decision at most (a lot, a throw),
        # then at most once after each decision or turn the rules passed, which the limit
        # counts as a decision (State._turn_passed).
        if self.learner.hidden:
            return self.learner.encoding.max_history()
        return self.learner.game.max_game_length() + 2


class LudothequeState(pyspiel.State):  # type: ignore[misc]
    """A game in progress, as an OpenSpiel state: the rule set's state inside (``.play``),
    actions in the encoding's numbering."""

    def __init__(self, game: LudothequeGame, play: Play) -> None:
        super().__init__(game)
        self.play = play

    @property
    def rules_state(self) -> State:
        """The rule set's own state (the whole position: not for a seat's eyes)."""
        return self.play.state

    def current_player(self) -> int:
        return self.play.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.play.learner.encoding.legal(self.play.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.learner.encoding.chance(self.play.state)

    def _apply_action(self, action: int) -> None:
        self.play.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        state, encoding = self.play.state, self.play.learner.encoding
        if player == CHANCE:
            return state.action_to_string(encoding.outcome(state, action))
        return state.action_to_string(encoding.decision(state, action))

    def is_terminal(self) -> bool:
        return self.play.state.is_terminal()

    def truncated(self) -> bool:
        """Whether the game's ``limit`` stopped it: a truncation, not an end by the rules."""
        return self.play.state.truncated()

    def returns(self) -> list[float]:
        return self.play.learner.returns(self.play.state)

    def __str__(self) -> str:
        return str(self.play.state)

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> LudothequeState:
        """A state ``player_id`` cannot tell from this one at his turn: what he has not seen
        drawn by the rule set's own sampler (``Turn.worlds``, from his view alone), seeded from
        ``probability_sampler`` (OpenSpiel's ISMCTS hands a uniform one). His memory goes with
        it, being his own; the others' start afresh in the drawn world, as what they learnt of
        this one is not his to know. Its history is not this one's: it is played on, not
        replayed; its decisions are counted from this one's, so that its limit falls where this
        game's does."""
        rules, play = self.play.state, self.play
        if rules.current_player() != player_id:
            raise pyspiel.SpielError(f"a state is drawn from the information state of the "
                                     f"seat to play ({rules.current_player()}), not "
                                     f"{player_id}.")
        drawn = rules.turn().world(random.Random(int(probability_sampler() * 2**53)))
        world = drawn.counting_from(rules)  # the limit stops it where it stops this game
        memory = None
        if play.memory is not None:
            memory = [None] * len(play.memory)
            memory[player_id] = play.memory[player_id]
        return LudothequeState(self.get_game(), Play(play.learner, world, memory))


def _recall(params: dict[str, Any] | None, most: int) -> int | None:
    """The observer parameter ``recall``: of how many of the game's last actions (every
    seat's and chance's) a seat's bounded information state keeps his rows (None: no such
    parameter, perfect recall or none)."""
    params = dict(params or {})
    recall = params.pop("recall", None)
    if params:
        raise ValueError(f"these games' observers take one parameter, recall (of how many of "
                         f"the game's last actions to keep the seat's rows), not "
                         f"{sorted(params)}.")
    if recall is None:
        return None
    if isinstance(recall, bool) or not isinstance(recall, int) or not 1 <= recall <= most:
        raise ValueError(f"recall is a whole number of actions from 1 to {most} "
                         f"(max_history_length()), not {recall!r}.")
    return recall


class Observer:
    """An OpenSpiel observer (``tensor``, ``dict``, ``set_from``, ``string_from``): the
    seat's observation, or with ``recall`` his information state: of perfect recall, or with
    ``most`` his rows of the game's last ``most`` actions only (the ``recall`` parameter), a
    tensor of a size learning code can use whatever the game's length."""

    def __init__(self, learner: Learner, recall: bool, most: int | None = None) -> None:
        self.learner = learner
        self.recall = recall and learner.hidden
        self.perfect_recall = recall and most is None
        self.most = most
        encoding = learner.encoding
        size = encoding.observation.size
        rows, width = 0, 0
        if self.recall:
            assert learner.recall is not None
            rows, width = most or encoding.max_history(), learner.recall.size
        self.tensor = np.zeros(size + rows * width, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor[:size]}
        self._observed = Tensor(encoding.observation, self.dict["observation"])
        if self.recall:
            self.dict["history"] = self.tensor[size:].reshape(rows, width)

    def set_from(self, state: LudothequeState, player: int) -> None:
        self.tensor.fill(0.0)
        self.learner.encoding.observe(state.play.state, player, self._observed.fields)
        if self.recall:
            self.learner.remembered(state.play, player, self.dict["history"])

    def string_from(self, state: LudothequeState, player: int) -> str:
        if self.perfect_recall or self.recall:
            return self.learner.information_state_string(state.play, player, self.most)
        return self.learner.observation_string(state.play.state, player)


class Factored:
    """OpenSpiel's factored observations, as text (no tensor): with ``public``, what everyone
    sees (a spectator's view); else what the seat alone sees (the parts of his view that differ
    from a spectator's)."""

    tensor = None

    def __init__(self, learner: Learner, public: bool) -> None:
        self.learner = learner
        self.public = public
        self.dict: dict[str, Any] = {}

    def set_from(self, state: LudothequeState, player: int) -> None:
        pass

    def string_from(self, state: LudothequeState, player: int) -> str:
        rules = state.play.state
        everyone = rules.observation(None)
        if self.public:
            return view_text(everyone)
        seat = rules.observation(player)
        return view_text({k: v for k, v in seat.items() if everyone.get(k) != v})


class LudothequeBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the project's players as an OpenSpiel bot: a seat kind as the command line
    writes it (``heuristic``, ``mcts:hard``, ``ismcts:easy``, ``hard``…), handed the seat's
    turn (its view and legal actions), never the state; its move in the encoding's numbering.
    """

    def __init__(self, game: LudothequeGame, player: int, kind: str,
                 seed: int | None = None) -> None:
        super().__init__()
        self.player_id = player
        self.kind = kind
        self.agent = make_agent(kind, seed, game.learner.game)

    def step(self, state: LudothequeState) -> int:
        rules = state.play.state
        chosen = self.agent.choose(rules.turn())
        encoding = state.play.learner.encoding
        return encoding.nearest(rules, chosen)

    def restart_at(self, state: LudothequeState) -> None:
        pass

    def inform_action(self, state: LudothequeState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


class JudgedEvaluator:
    """The rule set's judge of a position (``Manifest.judgement``: the heuristic player's, or
    where there is none the one its own search player ranks by) as an evaluator for
    OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``): each seat's lead over the best
    of the others read through a logistic curve on which a lead of ``scale`` is worth 73%
    (:class:`~ludotheque.agents.mcts.Judged`), as a value in [-1, 1]; a finished game's value
    is its win/loss. Priors are uniform."""

    def __init__(self, game: LudothequeGame, scale: float) -> None:
        self.judged = Judged(game.learner.game.manifest.judgement(), scale)

    def evaluate(self, state: LudothequeState) -> np.ndarray[Any, Any]:
        rules = state.play.state
        if rules.is_terminal():
            return np.array(win_loss(rules.returns()))
        return 2 * np.array(self.judged(rules, _NO_RNG)) - 1

    def prior(self, state: LudothequeState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


#: Judged draws nothing: a generator only to fill its signature.
_NO_RNG = random.Random(0)


def _register(manifest: Manifest) -> None:
    name = f"{manifest.id.title().replace('-', '')}Game"
    subclass: Callable[..., LudothequeGame] = type(name, (LudothequeGame,),
                                                    {"manifest": manifest})
    # Found by name in this module, as pickle looks a class up (importing the module
    # registers every rule set again).
    globals()[name] = subclass
    pyspiel.register_game(game_type(manifest), subclass)


def register_all() -> tuple[list[str], list[str]]:
    """Register every rule set that offers an encoding, and its research configurations
    (``Manifest.research``), once; the OpenSpiel names of each."""
    registered = set(pyspiel.registered_names())

    def served(manifest: Manifest) -> str:
        name = short_name(manifest)
        if name not in registered:
            _register(manifest)
        return name

    rule_sets = [m for m in manifests() if m.encoding is not None]
    research = [served(r) for m in rule_sets for r in m.research]
    return [served(m) for m in rule_sets], research


#: The rule sets' OpenSpiel names, and their research configurations' (not the sources' rules).
NAMES, RESEARCH_NAMES = register_all()
