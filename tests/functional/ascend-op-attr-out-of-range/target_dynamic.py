"""The target comes from a variable: unknown, silent."""

import argparse

import mindspore as ms
from mindspore import nn

parser = argparse.ArgumentParser()
parser.add_argument("--device_target", default="Ascend")
args = parser.parse_args()
ms.set_context(device_target=args.device_target)  # [api-context-option-deprecated]
conv = nn.Conv2d(8, 8, 3, stride=64)
