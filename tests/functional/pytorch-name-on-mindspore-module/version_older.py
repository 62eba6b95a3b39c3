"""An older target (version_older.rc): names 2.10 lacks are reported; nn.Linear (in 2.10) is not claimed absent in 2.2."""

from mindspore import nn

LAYERS = nn.Sequential  # [pytorch-name-on-mindspore-module]
LINEAR = nn.Linear
