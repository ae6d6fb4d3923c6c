"""Each rules doc lists its rule set's tensors field by field, as the encoding has them; the
research guide gives each rule set the players it takes."""

from __future__ import annotations

from pathlib import Path

import pytest

import ludotheque
from ludotheque.core.registry import manifest

DOCS = Path(__file__).parents[2] / "docs" / "rules"


@pytest.mark.parametrize("name", ludotheque.games())
def test_the_rules_doc_lists_the_tensors(name):
    declared = manifest(name)
    game = ludotheque.load_game(name)
    encoding = declared.encode(game)
    doc = (DOCS / f"{declared.doc or declared.id}.md").read_text(encoding="utf-8")
    assert "## For learning code" in doc
    for layout in (encoding.observation, encoding.recall, encoding.box):
        if layout is not None:
            assert layout.table() in doc, f"{name}: the doc's table is not the encoding's"


def test_the_research_guide_gives_each_rule_set_its_players():
    guide = (DOCS.parent / "research.md").read_text(encoding="utf-8")
    for name in ludotheque.games():
        info = manifest(name).info
        players = (str(info.min_players) if info.min_players == info.max_players
                   else f"{info.min_players}–{info.max_players}")
        short = "python_ludotheque_" + name.replace("-", "_")
        assert f"| `{short}` | {players}" in guide, f"{name} takes {players} players"
