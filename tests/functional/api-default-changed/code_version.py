"""Code written for MindSpore 1.8 (see the .rc), linted for 2.10: calls that pass the value stay silent."""
import mindspore.dataset as ds
from mindspore import Model, nn


def build(source, loss, opt, args, kwargs):
    layers = [
        nn.Conv2d(3, 8, 3),  # [api-default-changed]
        nn.Conv2d(3, 8, 3, 1, "same", 0, 1, 1, False, "normal"),  # passed by position
        nn.Conv2d(3, 8, 3, weight_init="normal"),
        nn.Conv2d(*args),  # unpacked: unknown
        nn.Dense(8, 2, **kwargs),  # unpacked: unknown
        nn.Dense(8, 2, weight_init="normal", bias_init="zeros"),
    ]
    model = Model(nn.SequentialCell(layers), loss, opt)
    model.train(1, source, dataset_sink_mode=True)
    model.train(1, source)  # [api-default-changed]
    other = make_model()
    other.train(1, source)  # not bound to Model(...): silent
    loader = ds.GeneratorDataset(source, ["x"])
    return model, loader, nn.BCELoss(reduction="mean"), nn.BCELoss()  # [api-default-changed]


def make_model():
    return None
