"""Parameters: what every call of the function in its module passes proves the object, or silence."""
import mindspore
from mindspore import nn


def predict(net, ids):
    net.eval()  # [pytorch-method-on-cell-or-tensor]
    return net(ids)


def evaluate(model):
    model.eval()  # [pytorch-method-on-cell-or-tensor]


def run_twice(net):
    evaluate(net)  # a parameter passed on: its own callers prove it


def predict_either(net):
    net.eval()  # one caller passes something else


def predict_default(net=None):
    net.eval()  # one caller leaves the default


def mapped(net):
    net.eval()  # passed as a value: its callers are not all seen


def unpacked(net):
    net.eval()  # a caller's **kwargs may fill it


def never_called(net):
    net.eval()


def aliased(net):
    net.eval()  # also called through another name: what that call passes is not read


def in_a_table(net):
    net.eval()  # kept in a dict: called from there with anything


def returned_as_value(net):
    net.eval()  # handed out by a factory: its callers are not all seen


def pick_handler():
    return returned_as_value


def evaluate_later(net):
    net.eval()  # [pytorch-method-on-cell-or-tensor]


def schedule(evaluate_later=False):
    return "later" if evaluate_later else "now"  # a parameter of that name: not the function


def step(optimizer, grads):
    optimizer.zero_grad()  # [pytorch-method-on-cell-or-tensor]
    return optimizer(grads)


def on_tensor(x):
    return x.cuda()  # [pytorch-method-on-cell-or-tensor]


class Trainer:
    def __init__(self, net):
        self.net = net

    def validate(self, net):
        net.eval()  # [pytorch-method-on-cell-or-tensor]

    def check(self, net):
        net.eval()  # the bound method is handed to a callback list too

    def run(self, callbacks):
        self.validate(nn.Dense(2, 2))
        self.check(nn.Dense(2, 2))
        callbacks.append(self.check)


def main(args, options):
    network = nn.SequentialCell(nn.Dense(4, 4), nn.ReLU())
    predict(network, args)
    predict(nn.Dense(4, 4), args)
    run_twice(nn.Dense(2, 2))
    predict_either(network)
    predict_either(args)
    predict_default(network)
    predict_default()
    mapped(network)
    list(map(mapped, [network]))
    unpacked(network)
    unpacked(**options)
    optimizer = nn.Momentum(network.trainable_params(), 0.1, 0.9)
    step(optimizer, args)
    on_tensor(mindspore.Tensor([1.0]))
    Trainer(network).run([])
    aliased(network)
    run_alias = aliased
    run_alias(args)
    handlers = {"eval": in_a_table}
    in_a_table(network)
    handlers["eval"](args)
    returned_as_value(network)
    pick_handler()(args)
    evaluate_later(network)
    schedule(True)
