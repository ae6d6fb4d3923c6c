"""What the encodings' tests share."""

from __future__ import annotations

import numpy as np

from ludotheque.adapters.learning import Tensor
from ludotheque.core.encoding import Layout


def zeroed(layout: Layout) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """A zeroed flat vector and its fields, as the adapters hand them to the writer."""
    tensor = Tensor(layout)
    return tensor.vector, tensor.fields
