"""Evaluation data batched with drop_remainder=True: the last samples are never evaluated."""

import mindspore.dataset as ds
from mindspore import nn
from mindspore.train import Accuracy, Model


def create_dataset(data_dir, usage="train", batch_size=32):
    data = ds.Cifar10Dataset(data_dir, usage=usage, shuffle=usage == "train")
    return data.batch(batch_size, drop_remainder=True)  # [eval-dataset-drop-remainder]


def evaluate(net, data_dir):
    test_set = create_dataset(data_dir, usage="test")  # 10000 images: the last 16 are dropped
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True), metrics={"acc": Accuracy()})
    return model.eval(test_set)


def run_eval(net, data_dir):
    data = ds.ImageFolderDataset(data_dir)
    data = data.batch(64, drop_remainder=True)  # [eval-dataset-drop-remainder]
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True), metrics={"acc": Accuracy()})
    return model.eval(data)
