"""Linted for MindSpore 2.7 (see the .rc): ms_function is gone, c_transforms only deprecated."""
# pylint: disable=unused-import
from mindspore import ms_function  # [api-removed]
from mindspore.dataset.vision import c_transforms as C  # [api-deprecated]
from mindspore import nn

LAYER = nn.ResizeBilinear()  # [api-removed]
