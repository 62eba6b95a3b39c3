"""A model or evaluation data that is a parameter: what every call of the function in its module passes."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore.train import Model


def validate(model, data):
    return model.eval(data)  # reported at the batches its callers pass


def validate_any(model, data):
    return model.eval(data)  # one caller passes a model the code does not show


def validate_default(model, data=None):
    return model.eval(data)  # one caller leaves the data at its default


def run(net, path, other):
    model = Model(net)
    dropped = ds.Cifar10Dataset(path).batch(32, drop_remainder=True)  # [eval-dataset-drop-remainder]
    validate(model, dropped)
    validate(Model(net), ds.MnistDataset(path).batch(16, drop_remainder=True))  # [eval-dataset-drop-remainder]
    validate_any(model, dropped)
    validate_any(other, dropped)
    validate_default(model, dropped)
    validate_default(model)
