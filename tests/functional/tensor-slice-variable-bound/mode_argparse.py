"""The mode comes from an argparse option whose default is GRAPH_MODE: graph, so HIGH."""
import argparse

import mindspore as ms
from mindspore import nn, ops


class Crop(nn.Cell):
    def construct(self, x):
        return x[: ops.argmax(x)]  # [tensor-slice-variable-bound]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", type=int, default=0, choices=[0, 1], help="0: GRAPH_MODE, 1: PYNATIVE_MODE")
    args = parser.parse_args()
    ms.set_context(mode=args.mode)
