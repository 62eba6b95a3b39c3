"""Every way the file's imports can name MindSpore's Dropout, and names that are not it."""
# pylint: disable=invalid-name

import mindspore as ms
import mindspore.nn
from mindspore import nn as msnn
from mindspore.nn import Dropout
from mindspore.nn import Dropout as Drop

a = ms.nn.Dropout(0.1)  # [dropout-positional-keep-prob]
b = mindspore.nn.Dropout(0.2)  # [dropout-positional-keep-prob]
c = msnn.Dropout(0.3)  # [dropout-positional-keep-prob]
d = Dropout(0.25)  # [dropout-positional-keep-prob]
e = Drop(.1)  # [dropout-positional-keep-prob]
f = msnn.Dropout2d(0.1)  # takes p
g = ms.ops.Dropout(0.1)  # the Primitive: not PyTorch's spelling
h = Dropout(0.1, p=0.1)  # a TypeError already, another matter
i = Dropout(*[0.1])
