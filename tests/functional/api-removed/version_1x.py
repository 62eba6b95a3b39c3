"""The same 1.x code linted for MindSpore 1.10 (see the .rc): nothing is removed yet, c_transforms is deprecated."""
# pylint: disable=unused-import
from mindspore import ms_function
from mindspore.dataset.vision import c_transforms as C  # [api-deprecated]
from mindspore import nn
from mindspore.dataset import MindDataset


def build(path):
    data = MindDataset(dataset_files=path)
    data = data.map(operations=[C.Decode()], input_columns=["image"], column_order=["image"])
    return data, nn.ResizeBilinear()
