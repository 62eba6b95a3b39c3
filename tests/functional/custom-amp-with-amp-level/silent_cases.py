"""The documented patterns that are not a conflict, and the false-positive traps."""
# pylint: disable=missing-function-docstring

import mindspore as ms
from mindspore import nn
from mindspore.train import Model


def level_omitted_or_o0(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    Model(net, loss, opt)
    Model(net, loss, opt, amp_level="O0")
    ms.amp.build_train_network(net, opt, loss, level="O0")


def loss_function_only(opt):
    net = nn.Dense(2, 2)
    loss = nn.MSELoss()
    loss.to_float(ms.float32)
    return Model(net, loss, opt, amp_level="O3")


def loss_function_only_wrapped(opt):
    net = nn.Dense(2, 2)
    loss = nn.MSELoss().to_float(ms.float32)
    return Model(nn.WithLossCell(net, loss), optimizer=opt, amp_level="O3")


def different_networks(loss, opt):
    net = nn.Dense(2, 2)
    eval_net = nn.Dense(2, 2)
    eval_net.to_float(ms.float16)
    return Model(net, loss, opt, amp_level="O3")


def rebound_after_conversion(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    net = nn.Dense(2, 2)
    return Model(net, loss, opt, amp_level="O3")


def converted_after_model(loss, opt):
    net = nn.Dense(2, 2)
    model = Model(net, loss, opt, amp_level="O3")
    net.to_float(ms.float16)
    return model


def exclusive_branches(args, loss, opt):
    net = nn.Dense(2, 2)
    if args.custom_amp:
        net.to_float(ms.float16)
        model = Model(net, loss, opt)
    else:
        model = Model(net, loss, opt, amp_level="O3")
    return model


def auto_mixed_precision_o0(loss, opt):
    net = ms.amp.auto_mixed_precision(nn.Dense(2, 2), "O0")
    return Model(net, loss, opt, amp_level="O3")


def both_from_variables(args, loss, opt):
    net = nn.Dense(2, 2)
    ms.amp.auto_mixed_precision(net, args.amp_level)
    return Model(net, loss, opt, amp_level=args.amp_level)


def hidden_arguments(loss, opt, **kwargs):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    return Model(net, loss, opt, **kwargs)


def converted_in_another_function(net, loss, opt):
    return Model(net, loss, opt, amp_level="O3")


def pragma(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(ms.float16)
    return Model(net, loss, opt, amp_level="O3")  # pylint: disable=custom-amp-with-amp-level


def exclusive_device_branches(args, loss, opt):
    """The conversion and the amp_level sit under different values of the same test."""
    net = nn.Dense(2, 2)
    if args.device_target == "Ascend":
        net.to_float(ms.float16)
    if args.device_target == "GPU":
        return Model(net, loss, opt, amp_level="O2")
    return Model(net, loss, opt)
