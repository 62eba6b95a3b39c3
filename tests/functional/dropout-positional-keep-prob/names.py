"""Names judged by their value, their default or their words."""
# pylint: disable=invalid-name

from mindspore import nn

RATE = 0.1
KEEP = 0.9


class Config:
    hidden_dropout_prob = 0.1
    keep_prob = 0.9


def build(config, dropout_rate, keep_prob, rate, drop=0.9, drop_path=0.0):
    return [
        nn.Dropout(RATE),  # [dropout-positional-keep-prob]
        nn.Dropout(KEEP),
        nn.Dropout(dropout_rate),  # [dropout-positional-keep-prob]
        nn.Dropout(config.hidden_dropout_prob),  # [dropout-positional-keep-prob]
        nn.Dropout(config.keep_prob),
        nn.Dropout(keep_prob),
        nn.Dropout(rate),  # a name that says nothing
        nn.Dropout(drop),  # a default of 0.9 reads as keep_prob
        nn.Dropout(drop_path),  # [dropout-positional-keep-prob]
        nn.Dropout(1 - dropout_rate),
        nn.Dropout(float(dropout_rate)),
    ]


def vgg_head(is_training):
    """MindSpore's model zoo idiom: keep half in training, everything at inference."""
    dropout_ratio = 0.5
    if not is_training:
        dropout_ratio = 1.0
    return nn.Dropout(dropout_ratio)


def branches(small):
    rate = 0.1
    if small:
        rate = 0.2
    return nn.Dropout(rate)  # [dropout-positional-keep-prob]
