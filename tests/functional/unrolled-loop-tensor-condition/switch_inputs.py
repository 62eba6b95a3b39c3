"""Inputs used only to pick a branch are the Python numbers the (unseen) caller passes."""

import mindspore as ms
from mindspore import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)


class ClipGradients(nn.Cell):
    """Called from another module with constant clip_type: not a Tensor condition."""

    def __init__(self):
        super().__init__()
        self.clip_by_norm = nn.ClipByNorm()  # [api-deprecated]

    def construct(self, grads, clip_type, clip_value):
        if clip_type not in (0, 1):
            return grads
        new_grads = ()
        for grad in grads:
            if clip_type == 0:
                grad = ops.clip_by_value(grad, -clip_value, clip_value)
            else:
                grad = self.clip_by_norm(grad, clip_value)
            new_grads = new_grads + (grad,)
        return new_grads


class MatchBucket(nn.Cell):
    """A length flag compared with the bucket sizes only."""

    def __init__(self, network, buckets):
        super().__init__()
        self.network = network
        self.bucket_list = [bucket for bucket in buckets if bucket < 512]

    def construct(self, input_ids, length_flag):
        for bucket in self.bucket_list:
            if length_flag == bucket:
                return self.network(input_ids[:, :bucket])
        return self.network(input_ids)


class MaskedSum(nn.Cell):
    """An input that also feeds an op is a Tensor: its condition counts."""

    def construct(self, x, threshold):
        total = x
        for _ in range(4):
            if threshold > 0:  # [unrolled-loop-tensor-condition]
                total = total + ops.relu(x - threshold)
        return total


class GANLoss(nn.Cell):
    """A boolean input only tested: the caller passes True or False."""

    def __init__(self):
        super().__init__()
        self.mean = ops.ReduceMean()

    def construct(self, predictions, target_is_real, for_discriminator=True):
        loss = 0
        for prediction in predictions:
            if for_discriminator and not target_is_real:
                loss = loss + self.mean(ops.relu(1 + prediction))
            elif target_is_real:
                loss = loss + self.mean(ops.relu(1 - prediction))
        return loss
