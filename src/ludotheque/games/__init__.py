"""The rule sets, one subpackage each; importing this registers them all."""

from ludotheque.games import (  # noqa: F401
    crypto90,
    crypto_geo,
    dames_rabattues,
    jacquet,
    tiddlywinks,
)
