"""What puts a network in training mode, what puts it back, and which loops are evaluation loops."""
# pylint: disable=missing-docstring

from mindspore import nn
from mindspore.train import Model


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.norm = nn.BatchNorm1d(4)

    def construct(self, x):
        return self.norm(self.dense(x))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([Block() for _ in range(2)])

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def model_train_then_loop(train_set, val_set):
    net = Net()
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    model.train(1, train_set)
    for step, (x, _) in enumerate(val_set.create_tuple_iterator()):
        print(step, net(x))  # [eval-loop-cell-in-train-mode]


def evaluate(train_set, data):
    net = Net()
    net.set_train(True)
    for _ in train_set:
        pass
    for x, _ in data.create_dict_iterator():
        print(net(x))  # [eval-loop-cell-in-train-mode]


def switched_back_on_the_wrapper(train_set, val_set):
    net = Net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    step.set_train()
    step(train_set, train_set)
    step.set_train(False)
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))


def switched_back_by_model_eval(train_set, val_set):
    net = Net()
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()), metrics={"loss"})
    model.train(1, train_set)
    model.eval(val_set)
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))


def switched_in_a_helper(net):
    net.set_train(False)


def helper_switches_back(train_set, val_set):
    net = Net()
    net.set_train()
    switched_in_a_helper(net)
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))


def unknown_helper(train_set, val_set, callback):
    net = Net()
    net.set_train()
    callback(net)  # may switch the mode
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))


def set_after_the_loop(val_set):
    net = Net()
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))
    net.set_train()


def training_loop_not_evaluation(train_set):
    net = Net()
    net.set_train()
    for x, _ in train_set.create_tuple_iterator():
        print(net(x))  # a loop over training data in a training function: not evaluation


def mode_from_a_variable(val_set, training):
    net = Net()
    net.set_train(training)
    for x, _ in val_set.create_tuple_iterator():
        print(net(x))
