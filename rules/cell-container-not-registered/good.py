"""The same networks with MindSpore containers, and plain containers that are harmless."""

import numpy as np
import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn


class Tower(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.SequentialCell([nn.Conv2d(1, 3, 3), nn.BatchNorm2d(3), nn.ReLU()])

    def construct(self, x):
        return self.layers(x)


class Stack(nn.Cell):
    def __init__(self, width, depth):
        super().__init__()
        self.blocks = nn.CellList()
        for _ in range(depth):
            self.blocks.append(nn.Dense(width, width))

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class MultiHead(nn.Cell):
    def __init__(self, tasks):
        super().__init__()
        self.heads = nn.CellDict({task: nn.Dense(16, 4) for task in tasks})

    def construct(self, x):
        return x


class Scales(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scales = ParameterTuple(
            [Parameter(Tensor(np.ones(4), ms.float32), name=f"scale{i}") for i in range(2)]
        )

    def construct(self, x):
        return x * self.scales[0]


class Activations(nn.Cell):
    """Parameter-free Cells and Primitives own no weights: nothing is lost."""

    def __init__(self):
        super().__init__()
        self.acts = [nn.ReLU(), nn.GELU(), nn.Sigmoid()]
        self.reduce = (ms.ops.ReduceMean(keep_dims=True), ms.ops.Add())
        self.channels = [64, 128, 256]

    def construct(self, x):
        return self.acts[0](x)


class WrappedLater(nn.Cell):
    """The list is registered when it is wrapped."""

    def __init__(self):
        super().__init__()
        self.stages = [nn.Dense(8, 8), nn.Dense(8, 8)]
        self.body = nn.SequentialCell([*self.stages])

    def construct(self, x):
        return self.body(x)


class Backbone(nn.SequentialCell):
    """A SequentialCell subclass hands its local list to super().__init__."""

    def __init__(self):
        layers = [nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8)]
        self.layers_spec = layers
        super().__init__(*layers)


class Inserted(nn.Cell):
    """Each element registered by name."""

    def __init__(self):
        super().__init__()
        self.branches = [nn.Dense(4, 4), nn.Dense(4, 4)]
        for index, branch in enumerate(self.branches):
            self.insert_child_to_cell(f"branch{index}", branch)

    def construct(self, x):
        return self.branches[0](x) + self.branches[1](x)


class Aliases(nn.Cell):
    """A list of attributes that are registered already."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.bn = nn.BatchNorm2d(8)
        self.ordered = [self.conv, self.bn]

    def construct(self, x):
        for layer in self.ordered:
            x = layer(x)
        return x


class Distiller(nn.Cell):
    """A frozen teacher hidden in a list on purpose, so it is neither trained nor saved."""

    def __init__(self, student, teacher):
        super().__init__()
        self.student = student
        self._teacher = [teacher]

    def construct(self, x):
        return self.student(x), self._teacher[0](x)


class ResNet(nn.Cell):
    """Stages built by a helper, in an nn.CellList."""

    def __init__(self, widths):
        super().__init__()
        self.stages = nn.CellList([self._make_layer(width) for width in widths])

    def _make_layer(self, width):
        return nn.SequentialCell([nn.Conv2d(width, width, 3), nn.BatchNorm2d(width)])

    def construct(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


class Lookahead(nn.Optimizer):
    """Optimizer state in a ParameterTuple, which checkpoints save."""

    def __init__(self, params, learning_rate):
        super().__init__(learning_rate, params)
        self.slow = ParameterTuple([Parameter(p.clone(), name=f"slow.{p.name}") for p in self.parameters])

    def construct(self, gradients):
        return gradients


class TaskHeads(nn.Cell):
    """Each SequentialCell registered under its own attribute; the dict only looks them up."""

    def __init__(self, tasks):
        super().__init__()
        self.heads = {task: nn.SequentialCell([nn.Dense(16, 16), nn.ReLU()]) for task in tasks}
        for task, head in self.heads.items():
            setattr(self, f"head_{task}", head)

    def construct(self, x):
        return [head(x) for head in self.heads.values()]


class Anchors(nn.Cell):
    """A helper's results that own no Parameters: Tensors."""

    def __init__(self, strides):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.anchors = [self._grid(stride) for stride in strides]

    def _grid(self, stride):
        return Tensor(np.arange(stride), ms.float32)

    def construct(self, x):
        return self.dense(x)


def build_layers():
    """A local list that is never stored on a Cell."""
    layers = [nn.Dense(4, 4), nn.Dense(4, 4)]
    return nn.SequentialCell(layers)
