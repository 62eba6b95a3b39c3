"""Paddings by keyword, by position, as tuples and names; pad modes set every way."""
# pylint: disable=invalid-name

from mindspore import nn

PAD = 2
KERNEL = 3
layers = [
    nn.Conv2d(3, 8, 5, padding=PAD),  # [conv-padding-without-pad-mode]
    nn.Conv2d(3, 8, KERNEL, padding=KERNEL // 2),  # [conv-padding-without-pad-mode]
    nn.Conv2d(3, 8, 3, 1, "same", 1),  # [conv-padding-without-pad-mode]
    nn.Conv2d(3, 8, 3, 2, 0),  # [conv-padding-without-pad-mode]
    nn.Conv3d(3, 8, 3, padding=1),  # [conv-padding-without-pad-mode]
    nn.Conv3dTranspose(3, 8, 3, padding=1),  # [conv-padding-without-pad-mode]
    nn.Conv1dTranspose(3, 8, 3, padding=1),  # [conv-padding-without-pad-mode]
    nn.Conv2d(3, 8, 3, padding=(0, 0, 0, 0)),
    nn.Conv2d(3, 8, 3, padding=0),
    nn.Conv2d(3, 8, 3, 1, "pad", 1),
    nn.Conv2d(3, 8, 3, pad_mode="pad", padding=(1, 1, 1, 1)),
    nn.Conv2d(3, 8, 3, 1, "valid"),
]


def build(mode, padding):
    return [
        nn.Conv2d(3, 8, 3, pad_mode=mode, padding=1),  # the mode is not known
        nn.Conv2d(3, 8, 3, 1, mode),
        nn.Conv2d(3, 8, 3, padding=padding),
        nn.Conv2dBnAct(3, 8, 3, padding=1),  # not in the table
    ]


torch_keywords = [
    nn.Conv2d(96, 256, kernel_size=5, padding=2, groups=2),  # TypeError for groups first
    nn.Conv2d(64, 64, 3, 1, 1, bias=False),  # TypeError for bias first
]
