"""Signatures and defaults of ``mindspore.train.Model``'s training methods, per MindSpore version.

The catalog lists classes and their constructors, not ``Model``'s methods: their parameter
order is kept here, checked against the installed 2.10.0 ``train/model.py``.
"""

MODEL_PY = "mindspore 2.10.0 site-packages/mindspore/train/model.py"
RELEASE_2_0 = (
    "https://www.mindspore.cn/docs/en/r2.0/RELEASE.html (2.0.0-rc1: dataset_sink_mode of Model.train "
    "now defaults to False)"
)

# method -> its parameters after ``self``, in order (MindSpore 1.10 to 2.10; fit from 2.0).
SIGNATURES = {
    "train": ("epoch", "train_dataset", "callbacks", "dataset_sink_mode", "sink_size", "initial_epoch"),
    "fit": (
        "epoch", "train_dataset", "valid_dataset", "valid_frequency", "callbacks", "dataset_sink_mode",
        "valid_dataset_sink_mode", "sink_size", "initial_epoch",
    ),
}

# The default of ``dataset_sink_mode``: True up to 1.10, False from 2.0.0 (MODEL_PY, RELEASE_2_0).
SINK_MODE_OFF_BY_DEFAULT_SINCE = (2, 0)

# ``sink_size=-1`` sinks the whole dataset per epoch: what a run without sink mode does too.
WHOLE_DATASET = -1
