"""MindSpore optimizers that take ``loss_scale`` and divide the gradients by it.

``Optimizer.scale_grad`` multiplies every gradient by ``1 / loss_scale`` when it is not 1
(``mindspore/nn/optim/optimizer.py``, 1.x to 2.10); each optimizer below calls it. Their docstrings
say the value must equal the ``loss_scale`` of a ``FixedLossScaleManager(...,
drop_overflow_update=False)``, the one manager that multiplies the loss without dividing the
gradients back itself. Each entry maps a canonical MindSpore name (as in ``catalog.json``) to the
position of ``loss_scale`` among the arguments after ``self``: the catalog cannot give it, since
most optimizers' ``__init__`` is wrapped in a ``(*args, **kwargs)`` decorator.

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
    "mindspore.nn.optim.adam.Adam": 8,  # (params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay, loss_scale, ...)
    "mindspore.nn.optim.adam.AdamOffload": 8,
    "mindspore.nn.optim.lazyadam.LazyAdam": 8,
    "mindspore.nn.optim.adamax.AdaMax": 6,  # (params, learning_rate, beta1, beta2, eps, weight_decay, loss_scale)
    "mindspore.nn.optim.ada_grad.Adagrad": 4,  # (params, accum, learning_rate, update_slots, loss_scale, weight_decay)
    "mindspore.nn.optim.adadelta.Adadelta": 4,  # (params, learning_rate, rho, epsilon, loss_scale, weight_decay)
    "mindspore.nn.optim.ftrl.FTRL": 7,  # (params, initial_accum, learning_rate, lr_power, l1, l2, use_locking, loss_scale, ...)
    "mindspore.nn.optim.proximal_ada_grad.ProximalAdagrad": 6,
    "mindspore.nn.optim.rmsprop.RMSProp": 7,  # (params, learning_rate, decay, momentum, epsilon, use_locking, centered, loss_scale, ...)
}

BASENAMES = frozenset(name.rpartition(".")[2] for name in LOSS_SCALE_POSITIONS)
