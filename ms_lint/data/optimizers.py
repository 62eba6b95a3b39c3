"""MindSpore optimizers that take ``loss_scale``, divide the gradients by it, and so update by less.

``Optimizer.scale_grad`` multiplies every gradient by ``1 / loss_scale`` when it is not 1
(``mindspore/nn/optim/optimizer.py``, 1.x to 2.10). Their docstrings say the value must equal the
``loss_scale`` of a ``FixedLossScaleManager(..., drop_overflow_update=False)``, the one manager that
multiplies the loss without dividing the gradients back itself. Each entry maps a canonical
MindSpore name (as in ``catalog.json``) to the position of ``loss_scale`` among the arguments after
``self``: the catalog cannot give it, since most optimizers' ``__init__`` is wrapped in a
``(*args, **kwargs)`` decorator.

Only the optimizers whose update is proportional to the gradient are listed: there, a gradient
divided by ``loss_scale`` is an update ``loss_scale`` times smaller, at every step. The adaptive
ones also call ``scale_grad``, but they divide by a running size of the gradient, which the
division mostly cancels: one step on MindSpore 2.10 CPU (``nn.TrainOneStepCell`` without ``sens``,
loss_scale 1024 against 1.0) made an update 1.006 times smaller with ``nn.Adam`` and
``nn.LazyAdam``, 1.0002 with ``nn.AdaMax``, 1.13 with ``nn.FTRL``, 17 with ``nn.Adadelta``, and
744 to 1017 with ``nn.Adagrad``, ``nn.ProximalAdagrad`` and ``nn.RMSProp``, whose accumulators
start from a constant that the gradients' sizes overtake as training goes on. How much smaller
their updates are depends on the training, so they are not listed.

``nn.Lamb``, ``nn.AdamWeightDecay``, ``nn.ASGD``, ``nn.Rprop`` and ``LARS`` take no ``loss_scale``
(``LARS`` reads its inner optimizer's), nor do ``mindspore.experimental.optim`` and ``mint.optim``;
``nn.AdaFactor`` takes one and never reads it. Signatures and ``scale_grad`` calls read from
MindSpore 2.10.0.
"""

SOURCE = "mindspore/nn/optim/*.py (2.10.0): __init__ signatures and Optimizer.scale_grad"
VERSIONS = "1.x-2.10"
REFERENCE = "https://www.mindspore.cn/docs/en/r2.3/api_python/nn/mindspore.nn.Optimizer.html"

LOSS_SCALE_POSITIONS = {
    "mindspore.nn.optim.momentum.Momentum": 4,  # (params, learning_rate, momentum, weight_decay, loss_scale, ...)
    "mindspore.nn.optim.sgd.SGD": 6,  # (params, learning_rate, momentum, dampening, weight_decay, nesterov, loss_scale)
}

BASENAMES = frozenset(name.rpartition(".")[2] for name in LOSS_SCALE_POSITIONS)
