"""Hand-written evaluation loops that run a trained network still in training mode."""

import mindspore as ms
from mindspore import nn


class Classifier(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.SequentialCell([nn.Dense(16, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(p=0.5)])
        self.head = nn.Dense(32, 4)

    def construct(self, x):
        return self.head(self.body(x))


def train_loop(model, dataset, optimizer):
    loss_fn = nn.CrossEntropyLoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(model(x), y), None, optimizer.parameters)
    model.set_train()
    for data, label in dataset.create_tuple_iterator():
        _, grads = grad_fn(data, label)
        optimizer(grads)


def test_loop(model, dataset):
    correct = total = 0
    for data, label in dataset.create_tuple_iterator():
        pred = model(data)  # [eval-loop-cell-in-train-mode]
        correct += int((pred.argmax(1) == label).sum())
        total += label.shape[0]
    return correct / total


def main(train_set, test_set):
    model = Classifier()
    optimizer = nn.SGD(model.trainable_params(), learning_rate=0.01)
    for _ in range(10):
        train_loop(model, train_set, optimizer)
        print(test_loop(model, test_set))


def train_then_evaluate(train_set, eval_set):
    net = Classifier()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), nn.Adam(net.trainable_params()))
    step.set_train()
    for data, label in train_set.create_tuple_iterator():
        step(data, label)
    for data, label in eval_set.create_tuple_iterator():
        print(net(data), label)  # [eval-loop-cell-in-train-mode]
