"""Evaluation loops that switch the network to inference mode, or need not."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model


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
    model.set_train(False)  # Dropout off, BatchNorm on its moving statistics
    correct = total = 0
    for data, label in dataset.create_tuple_iterator():
        pred = model(data)
        correct += int((pred.argmax(1) == label).sum())
        total += label.shape[0]
    return correct / total


def main(train_set, test_set):
    model = Classifier()
    optimizer = nn.SGD(model.trainable_params(), learning_rate=0.01)
    for _ in range(10):
        train_loop(model, train_set, optimizer)
        print(test_loop(model, test_set))


def with_model(train_set, eval_set):
    net = Classifier()
    model = Model(net, nn.CrossEntropyLoss(), nn.Adam(net.trainable_params()), metrics={"acc"})
    model.train(1, train_set)
    return model.eval(eval_set)  # Model.eval calls set_train(False) itself


def inference_only(eval_set):
    net = Classifier()  # never trained in this program: a Cell starts in inference mode
    ms.load_checkpoint("classifier.ckpt", net)
    for data, _ in eval_set.create_tuple_iterator():
        print(net(data))


def without_mode_dependent_layers(train_set, eval_set):
    net = nn.SequentialCell([nn.Dense(16, 32), nn.ReLU(), nn.Dense(32, 4)])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), nn.Adam(net.trainable_params()))
    step.set_train()
    for data, label in train_set.create_tuple_iterator():
        step(data, label)
    for data, _ in eval_set.create_tuple_iterator():
        print(net(data))  # no Dropout, no BatchNorm: the same in both modes
