"""A trainer class whose training method leaves its network in training mode for the next method."""
# pylint: disable=missing-docstring
import mindspore.dataset as ds
from mindspore import nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 2)
        self.drop = nn.Dropout(p=0.5)

    def construct(self, x):
        return self.drop(self.fc(x))


class Trainer:
    def __init__(self, path):
        self.net = Net()
        self.head = nn.Dense(2, 2)  # no Dropout or BatchNorm: the same in both modes
        self.train_data = ds.MnistDataset(path)
        self.eval_data = ds.MnistDataset(path, usage="test")

    def train_epoch(self):
        self.net.set_train()
        self.head.set_train()
        for image, _ in self.train_data.create_tuple_iterator():
            self.head(self.net(image))

    def validate(self):
        for image, _ in self.eval_data.create_tuple_iterator():
            self.net(image)  # [eval-loop-cell-in-train-mode]
            self.head(image)

    def fit(self, epochs):
        for _ in range(epochs):
            self.train_epoch()
            self.validate()


class ResettingTrainer(Trainer):
    def train_epoch(self):
        self.net.set_train()
        for image, _ in self.train_data.create_tuple_iterator():
            self.net(image)
        self.net.set_train(False)

    def validate(self):
        for image, _ in self.eval_data.create_tuple_iterator():
            self.net(image)

    def fit(self, epochs):
        for _ in range(epochs):
            self.train_epoch()
            self.validate()


class ValidatingFirst(Trainer):
    def validate(self):
        for image, _ in self.eval_data.create_tuple_iterator():
            self.net(image)

    def fit(self, epochs):
        self.validate()  # before any training: the network is still in inference mode
        self.train_epoch()
