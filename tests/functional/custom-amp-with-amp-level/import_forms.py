"""Model and the amp functions under every import form; amp_level by keyword and by position."""
# pylint: disable=missing-function-docstring

import mindspore
import mindspore as ms
from mindspore import Model, amp, nn
from mindspore.amp import auto_mixed_precision as to_amp
from mindspore.amp import build_train_network
from mindspore.common import dtype as mstype
from mindspore.train.model import Model as TrainModel


def root_alias(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(mstype.float16)
    return ms.Model(net, loss, opt, amp_level="O3")  # [custom-amp-with-amp-level]


def from_import(loss, opt):
    net = nn.Dense(2, 2)
    amp.custom_mixed_precision(net, black_list=[nn.BatchNorm2d])
    return Model(net, loss, opt, None, None, None, "O1")  # [custom-amp-with-amp-level]


def renamed(loss, opt):
    net = to_amp(nn.Dense(2, 2), amp_level="O2")
    return TrainModel(network=net, loss_fn=loss, optimizer=opt, amp_level="auto")  # [custom-amp-with-amp-level]


def full_path(loss, opt):
    net = nn.Dense(2, 2)
    net = mindspore.amp.auto_mixed_precision(net, "O3", dtype=mindspore.bfloat16)
    return build_train_network(net, opt, loss, "O3")  # [custom-amp-with-amp-level]


def train_model_module(loss, opt):
    net = nn.Dense(2, 2)
    net.to_float(dst_type=ms.float16)
    return mindspore.train.Model(net, loss, opt, amp_level="O2")  # [custom-amp-with-amp-level]
