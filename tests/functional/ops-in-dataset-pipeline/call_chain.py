"""Functions the pipeline calls are followed three calls deep, through self methods and callable attributes.

level1 runs in the pipeline; level4 is three calls away from it, level5 four (not followed).
"""

import mindspore.dataset as ds
from mindspore import ops
from pipeline_helpers import remote_helper


def level5(x):
    return ops.relu(x)


def level4(x):
    return ops.relu(level5(x))  # [ops-in-dataset-pipeline]


def level3(x):
    return level4(x)


def level2(x):
    return ops.tanh(level3(x))  # [ops-in-dataset-pipeline]


def level1(x):
    return level2(x)


class Scale:
    def __call__(self, x):
        return ops.mul(x, 2)  # [ops-in-dataset-pipeline]


class Source:
    def __init__(self):
        self.scale = Scale()

    def __getitem__(self, index):
        return self._load(index)

    def _load(self, index):
        return self.scale(index)

    def __len__(self):
        return 2


def only_numpy(x):
    return x


def uses_remote(x):
    return remote_helper(x)


data = ds.GeneratorDataset(Source(), ["x"])
data = data.map(operations=level1, input_columns=["x"])
data = data.map(operations=uses_remote, input_columns=["x"])  # [ops-in-dataset-pipeline]
data = data.map(operations=only_numpy, input_columns=["x"])


class Loader:
    """A staticmethod's first argument is the sample, not the instance."""

    def __init__(self):
        self.resize = ops.ResizeBilinearV2()

    @staticmethod
    def preprocess(self):
        return self.resize((8, 8))

    def build(self, data):
        return data.map(operations=self.preprocess, input_columns=["x"], num_parallel_workers=2)
