"""A seat's view, typed: what ``State.observation(player)`` gives, declared once per rule set.

Each rule set declares its view as a ``TypedDict`` (named in its manifest's ``view``), each field
``Annotated`` with one line saying what it holds, so that the same value is the JSON a browser
client receives, what an agent reads, and a JSON Schema (:func:`json_schema`, written to
``docs/views/<id>.schema.json``) that a client in any language can check. A spectator's view
(``observation(None)``) has the same form, what he may not see given as null or left empty.

>>> from typing import Annotated, Literal, NotRequired, TypedDict
>>> class View(TypedDict):  # (a rule set declares its own at the top of a module)
...     seat: Annotated[str | None, "whose view this is; null for a spectator"]
...     stage: Annotated[Literal["lot", "move"], "what happens next"]
...     bar: Annotated[dict[str, int], "each seat's checkers on the bar, by name"]
...     last: NotRequired[Annotated[str, "the last move"]]
>>> schema = json_schema(View, "A view")
>>> schema["required"], schema["properties"]["stage"]
(['seat', 'stage', 'bar'], {'enum': ['lot', 'move'], 'description': 'what happens next'})
>>> schema["properties"]["bar"]["additionalProperties"]
{'type': 'integer'}
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

#: The JSON Schema dialect the schemas are written in.
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_SCALARS: dict[Any, dict[str, Any]] = {
    str: {"type": "string"},
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    type(None): {"type": "null"},
    Any: {},
}


def json_schema(view: type, title: str) -> dict[str, Any]:
    """The JSON Schema of the TypedDict ``view``, its fields' descriptions included."""
    if not is_typeddict(view):
        raise TypeError(f"a view is declared as a TypedDict, not {view!r}.")
    return {"$schema": DIALECT, "title": title, **_schema(view)}


def _schema(hint: Any) -> dict[str, Any]:
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:
        described = _schema(args[0])
        words = [a for a in args[1:] if isinstance(a, str)]
        return {**described, "description": " ".join(words)} if words else described
    if origin in (NotRequired, typing.Required):
        return _schema(args[0])
    if hint in _SCALARS:
        return dict(_SCALARS[hint])
    if is_typeddict(hint):
        return _object(hint)
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema(a) for a in args]}
    if origin in (list, Sequence) or (origin is tuple and len(args) == 2 and args[1] is ...):
        return {"type": "array", "items": _schema(args[0])}
    if origin is tuple:
        return {"type": "array", "prefixItems": [_schema(a) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin in (dict, Mapping) and args[0] is str:
        return {"type": "object", "additionalProperties": _schema(args[1])}
    raise TypeError(f"a view's field cannot be {hint!r}: it has no JSON form.")


def _required(view: Any, hint: Any) -> bool:
    if get_origin(hint) is NotRequired:
        return False
    return bool(view.__total__) or get_origin(hint) is typing.Required


def _object(view: Any) -> dict[str, Any]:
    hints = get_type_hints(view, include_extras=True)
    properties = {}
    for name, hint in hints.items():
        try:
            properties[name] = _schema(hint)
        except TypeError as error:
            raise TypeError(f"{view.__name__}.{name}: {error}") from None
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        # Read from the hints: with postponed annotations, ``__required_keys__`` cannot see
        # a NotRequired written as text.
        "required": [name for name, hint in hints.items() if _required(view, hint)],
        "additionalProperties": False,
    }
    if view.__doc__ and not view.__doc__.startswith(f"{view.__name__}("):
        schema = {"description": " ".join(view.__doc__.split()), **schema}
    return schema
