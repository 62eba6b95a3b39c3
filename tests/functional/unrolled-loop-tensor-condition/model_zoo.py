"""Model-zoo patterns whose conditions are constants: inputs that callers pass as Python values."""
import mindspore as ms
from mindspore import nn, ops
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE)

GRADIENT_CLIP_TYPE = 1
GRADIENT_CLIP_VALUE = 1.0


class TrainOneStep(nn.Cell):
    def __init__(self, network, optimizer):
        super().__init__()
        self.network = network
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.clip_gradients = ClipGradients()
        self.clip_type = 0

    def construct(self, data, label):
        loss = self.network(data, label)
        grads = self.grad(self.network, self.weights)(data, label)
        grads = self.clip_gradients(grads, GRADIENT_CLIP_TYPE, GRADIENT_CLIP_VALUE)
        grads = self.clip_gradients(grads, self.clip_type, clip_value=0.5)
        return F.depend(loss, self.optimizer(grads))


class ClipGradients(nn.Cell):
    """Each caller passes clip_type and clip_value as Python numbers: constant conditions."""

    def __init__(self):
        super().__init__()
        self.clip_by_norm = nn.ClipByNorm()  # [api-deprecated]
        self.cast = ops.Cast()
        self.dtype = ops.DType()

    def construct(self, grads, clip_type, clip_value):
        if clip_type not in (0, 1):
            return grads
        new_grads = ()
        for grad in grads:
            dt = self.dtype(grad)
            if clip_type == 0:
                t = ops.clip_by_value(grad, self.cast(F.tuple_to_array((-clip_value,)), dt),
                                      self.cast(F.tuple_to_array((clip_value,)), dt))
            else:
                t = self.clip_by_norm(grad, self.cast(F.tuple_to_array((clip_value,)), dt))
            new_grads = new_grads + (t,)
        return new_grads


class Features(nn.Cell):
    """Feature pyramids: loops over stages with constant tests only."""

    def __init__(self, out_features=("x1", "x2")):
        super().__init__()
        self.out_features = out_features
        self.stages = nn.CellList([nn.Dense(4, 4), nn.Dense(4, 4)])
        self.nc = 80

    def construct(self, x):
        outs = ()
        for i, stage in enumerate(self.stages):
            x = stage(x)
            b, c = x.shape
            if f"x{i + 1}" in self.out_features:
                outs += (x,)
            if b * c == 16 and self.nc > 1:
                x = x * 2
        return outs


class Planner(nn.Cell):
    """``n`` feeds range(): graph mode takes only a Python int there, so ``i`` and ``n - i`` are constants."""

    def construct(self, scores, n):
        picked = scores
        for i in range(n):
            picked = picked[:, : n - i]
            if i > 0:
                picked = picked * 2
        return picked
