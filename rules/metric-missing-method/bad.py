"""Custom metrics that miss one of clear, update and eval: creating them fails."""

import numpy as np
from mindspore import nn
from mindspore.train import Metric, Model


class MeanAbsoluteError(Metric):
    """Forgot eval: Model.eval would need it, and MindSpore refuses to create the metric."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._total, self._count = 0.0, 0

    def update(self, *inputs):
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        self._total += float(np.abs(y_pred - y).sum())
        self._count += y.shape[0]


class Top1Hits(Metric):
    def update(self, *inputs):
        self.hits = int((inputs[0].argmax(axis=1) == inputs[1]).sum())


def evaluate(net, dataset):
    mae = MeanAbsoluteError()  # [metric-missing-method]
    hits = Top1Hits()  # [metric-missing-method]
    metrics = {"mae": mae, "hits": hits}
    model = Model(net, nn.MSELoss(), metrics=metrics)
    return model.eval(dataset)
