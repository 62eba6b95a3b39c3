"""A target newer than the catalog (version_newer.rc): MindSpore may have added the name, so silent."""

from mindspore import nn

LAYERS = nn.Sequential
