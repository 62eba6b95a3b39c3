"""A piecewise function written as a chain of 17 branches on a Tensor value."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class DistanceBucket(nn.Cell):
    """Maps a relative distance to one of 18 buckets, one branch per bucket."""

    def construct(self, distance):  # [too-many-tensor-conditions]
        distance = ops.abs(distance)
        if distance < 1:
            bucket = 0
        elif distance < 2:
            bucket = 1
        elif distance < 3:
            bucket = 2
        elif distance < 4:
            bucket = 3
        elif distance < 5:
            bucket = 4
        elif distance < 6:
            bucket = 5
        elif distance < 7:
            bucket = 6
        elif distance < 8:
            bucket = 7
        elif distance < 12:
            bucket = 8
        elif distance < 16:
            bucket = 9
        elif distance < 24:
            bucket = 10
        elif distance < 32:
            bucket = 11
        elif distance < 48:
            bucket = 12
        elif distance < 64:
            bucket = 13
        elif distance < 96:
            bucket = 14
        elif distance < 128:
            bucket = 15
        elif distance < 192:
            bucket = 16
        else:
            bucket = 17
        return bucket
