"""The rule sets, one subpackage each; importing this registers them all."""

from ludotheque.games import dames_rabattues, jacquet  # noqa: F401
