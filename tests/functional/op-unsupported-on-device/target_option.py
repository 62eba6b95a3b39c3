"""The device target given as an option (mindspore-device-target=CPU)."""

from mindspore import mint, ops

scores = mint.equal(ops.ones((2, 2)), ops.ones((2, 2)))  # [op-unsupported-on-device]
