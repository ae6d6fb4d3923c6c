"""Files the library writes (records, pictures, plots): checked before the work that fills them,
so that a game or a tournament is not played for a file that cannot be written.

>>> check_output(Path("/nonexistent/dir/p.png"), "the picture")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.LudothequeError: the picture cannot ... there is no folder /nonexistent/dir.
"""

from __future__ import annotations

import os
from pathlib import Path

from ludotheque.core.errors import LudothequeError


def check_output(path: Path, what: str) -> None:
    """Raise one sentence if ``what`` (``the record``) could not be written to ``path``: its
    folder missing or not writable, or the path a folder; the file itself is not touched."""
    folder = path.parent
    try:
        if "\0" in str(path):
            reason = "a file name cannot hold a null character"
        elif path.is_dir():
            reason = "it is a folder"
        elif not folder.exists():
            reason = f"there is no folder {folder}"
        elif not folder.is_dir():
            reason = f"{folder} is not a folder"
        elif not os.access(path if path.exists() else folder, os.W_OK):
            reason = "permission denied"
        else:
            return
    except OSError as error:
        reason = error.strerror or str(error)
    raise LudothequeError(f"{what} cannot be written to {path}: {reason}.")
