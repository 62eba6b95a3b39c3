"""Optimizers: nn, experimental and mint optimizers are called with the gradients; their PyTorch-like attributes stay clean."""

from mindspore import mint, nn
from mindspore.experimental import optim


def loop(net, dataset, grad_fn):
    adam = nn.Adam(net.trainable_params())
    adamw = mint.optim.AdamW(net.trainable_params(), lr=1e-3)
    sgd = optim.SGD(net.trainable_params(), lr=0.1)
    factor = nn.AdaFactor(net.trainable_params())
    for data, label in dataset:
        _, grads = grad_fn(data, label)
        adam.zero_grad()  # [pytorch-method-on-cell-or-tensor]
        adamw.zero_grad()  # [pytorch-method-on-cell-or-tensor]
        adamw.step()  # [pytorch-method-on-cell-or-tensor]
        sgd.step()  # [pytorch-method-on-cell-or-tensor]
        factor.step()  # AdaFactor sets self.step (a Parameter)
        adam(grads)
    print(adam.parameters, adamw.param_groups, sgd.state_dict())
    adamw.add_param_group({"params": []})
    return adam.parameters_dict() if hasattr(adam, "parameters_dict") else None
