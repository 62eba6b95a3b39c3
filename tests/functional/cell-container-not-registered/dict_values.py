"""nn.CellDict refuses SequentialCell, CellList and CellDict values: never suggest it for them."""
# pylint: disable=too-few-public-methods

from mindspore import nn


class Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)


class Heads(nn.Cell):
    def __init__(self, tasks):
        super().__init__()
        self.dense = {"cls": nn.Dense(4, 2), "box": Head()}  # [cell-container-not-registered]
        self.branches = {"a": nn.SequentialCell([nn.Dense(4, 4)]), "b": nn.Dense(4, 4)}  # [cell-container-not-registered]
        self.stages = {}  # [cell-container-not-registered]
        for task in tasks:
            self.stages[task] = self._make_stage()
        self.lists = {task: nn.CellList([nn.Dense(4, 4)]) for task in tasks}  # [cell-container-not-registered]

    def _make_stage(self):
        return nn.SequentialCell([nn.Conv2d(3, 3, 3), nn.BatchNorm2d(3)])


class External(SomeExternalBase):  # pylint: disable=undefined-variable
    """A Cell from code the linter cannot see: whether it is a SequentialCell is unknown."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)


class UnknownKinds(nn.Cell):
    def __init__(self):
        super().__init__()
        self.parts = {"a": External(), "b": nn.Dense(4, 4)}  # [cell-container-not-registered]
