"""What makes a batch evaluation data: Model.eval/fit, a split argument, an evaluation function."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore.train import Model

EVAL_BATCH = 1


def make(path, training, batch_size):
    data = ds.MindDataset(path)
    data = data.batch(batch_size, True)  # [eval-dataset-drop-remainder]
    return data.repeat(1)


def build_splits(path):
    return make(path, True, 32), make(path, False, 32)


def fit(net, train_set, path):
    model = Model(net)
    val = ds.MnistDataset(path, usage="test").batch(100, drop_remainder=True)  # [eval-dataset-drop-remainder]
    model.fit(10, train_set, valid_dataset=val)


def eval_net(path):
    loader = ds.MnistDataset(path, usage="all").batch(128, drop_remainder=True)  # [eval-dataset-drop-remainder]
    for batch in loader.create_dict_iterator():
        print(batch)


class Validator:
    def loader(self, path, split="train"):
        data = ds.MnistDataset(path)
        return data.batch(16, drop_remainder=True)  # [eval-dataset-drop-remainder]

    def run(self, path):
        return self.loader(path, split="val")


def create_test_dataset(path, batch_size, drop=True):
    return ds.MnistDataset(path).batch(batch_size, drop_remainder=True)  # [eval-dataset-drop-remainder]


def create_eval_dataset(path, batch_size=1):
    return ds.MnistDataset(path).batch(batch_size, drop_remainder=True)  # [eval-dataset-drop-remainder]


def evaluate(net, path, config):
    Model(net).eval(create_test_dataset(path, 8, False))
    Model(net).eval(create_eval_dataset(path, batch_size=config.batch_size))  # not the literal 1
