"""Momentum given by keyword, by position, through a name; other layers with a momentum."""
# pylint: disable=invalid-name

import mindspore as ms
from mindspore import mint, nn

MOMENTUM = 0.03
layers = [
    nn.BatchNorm2d(8, momentum=0.1),  # [batchnorm-torch-momentum]
    nn.BatchNorm2d(8, 1e-3, 0.01),  # [batchnorm-torch-momentum]
    ms.nn.BatchNorm1d(8, momentum=MOMENTUM),  # [batchnorm-torch-momentum]
    nn.BatchNorm2d(8, momentum=0),  # [batchnorm-torch-momentum]
    nn.BatchNorm2d(8, momentum=0.5),
    nn.BatchNorm2d(8, momentum=0.997),
    nn.BatchNorm2d(8, momentum=1 - 0.1),
    mint.nn.BatchNorm2d(8, momentum=0.1),
    nn.InstanceNorm2d(8, momentum=0.1),
    nn.SyncBatchNorm(8, momentum=0.1),  # not in the table yet
]

FROZEN = False
frozen = [
    nn.BatchNorm2d(8, momentum=0.1, use_batch_statistics=False),  # statistics never updated
    nn.BatchNorm2d(8, momentum=0.1, use_batch_statistics=FROZEN),
    nn.BatchNorm2d(8, momentum=0.1, use_batch_statistics=True),  # [batchnorm-torch-momentum]
]
