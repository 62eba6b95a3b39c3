"""Annotations, generics, dataclasses and overloads around Cells."""
from __future__ import annotations

import dataclasses
from typing import Generic, List, TypeVar, overload

from mindspore import Tensor, nn

T = TypeVar("T")


@dataclasses.dataclass
class Config:
    layers: List[int] = dataclasses.field(default_factory=list)


class Typed(nn.Cell, Generic[T]):
    blocks: List[nn.Cell] = []

    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.blocks: List[nn.Cell] = [nn.Dense(i, i) for i in cfg.layers]

    @overload
    def construct(self, x: Tensor) -> Tensor: ...

    @overload
    def construct(self, x: int) -> int: ...

    def construct(self, x):
        return x
