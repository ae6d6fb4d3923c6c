"""The play layer: what a person playing a game needs, whatever the front end.

Resuming a saved game, taking a move back, the quick rules, the reason a move is refused and
the sentence that ends a game live here, so that the terminal and the browser say the same
things in the same words. It knows no terminal and no rule set by name: it sits on the core,
the rule sets and the computer players, and the front ends (``ludotheque.cli``, the server)
sit on it.
"""
