"""Inputs for a built Cell whose configuration gives none, read from the layer its data meets first.

Runs in the probe's child, on the built Cell: its first layer, in the order ``__init__``
registered them (followed into nested Cells), tells the rank, channels and dtype of
``construct``'s one input: ``Conv2d(in_channels=C)`` takes ``(2, C, H, W)``, ``Dense(F)``
takes ``(..., F)``, ``Embedding`` takes int32 indices. Several candidates are given when the
sizes after the channels are a guess; an experiment tries each once. Only a ``construct``
with one input that has no default is served: more inputs cannot be read from one layer.
"""

from __future__ import annotations

import inspect
from typing import Any, List, Optional, Tuple

Candidate = Tuple[List[dict], str]  # (input specs, how they were chosen)
MAX_DEPTH = 6


def candidates(runtime, net) -> List[Candidate]:
    """Input specs to try for ``net.construct``, most likely first; [] when nothing can be read."""
    if _required_inputs(net) != 1:
        return []
    layer = _first_layer(runtime, net)
    if layer is None:
        return []
    name, shapes, dtype = _shapes(runtime, layer)
    return [([{"dtype": dtype, "shape": list(shape)}], f"guessed from its first layer, {name}") for shape in shapes]


def _required_inputs(net) -> Optional[int]:
    try:
        parameters = inspect.signature(net.construct).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in parameters):
        return None
    return sum(1 for p in parameters if p.default is p.empty)


def _first_layer(runtime, net, depth: int = 0) -> Any:
    """The first leaf Cell ``net`` registered, through nested Cells and containers."""
    children = list(net.name_cells().values())
    if not children:
        return net if depth else None
    if depth >= MAX_DEPTH:
        return None
    return _first_layer(runtime, children[0], depth + 1)


def _shapes(runtime, layer) -> Tuple[str, List[tuple], str]:
    nn = runtime.ms.nn
    kind = type(layer).__name__
    channels = _int(layer, "in_channels", "in_features", "num_features")
    if kind.startswith("Conv") and channels:
        rank = 3 if "1d" in kind else 5 if "3d" in kind else 4
        spatial = {3: ((32,), (128,)), 4: ((32, 32), (64, 64), (224, 224)), 5: ((8, 32, 32),)}[rank]
        return f"{kind}(in_channels={channels})", [(2, channels, *sizes) for sizes in spatial], "float32"
    if isinstance(layer, nn.Embedding) or kind == "Embedding":
        return kind, [(2, 16)], "int32"
    if kind.startswith("BatchNorm") and channels:
        rank = 2 if "1d" in kind else 5 if "3d" in kind else 4
        return f"{kind}({channels})", [(2, channels, *(8,) * (rank - 2))], "float32"
    if kind in ("Dense", "Linear") and channels:
        return f"{kind}({channels})", [(2, channels), (2, 16, channels)], "float32"
    if kind == "LayerNorm":
        shape = tuple(getattr(layer, "normalized_shape", ()) or ())
        if shape and all(isinstance(dim, int) for dim in shape):
            return f"LayerNorm({shape})", [(2, 16, *shape)], "float32"
    return kind, [], "float32"


def _int(layer, *names: str) -> Optional[int]:
    for name in names:
        value = getattr(layer, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return None
