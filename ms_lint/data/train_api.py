"""Facts of ``mindspore.train`` the catalog does not hold: ``Model``'s methods, ``Metric``'s contract.

The catalog lists classes and their constructors, not their methods: ``Model``'s parameter
order and defaults, and which methods a ``Metric`` must implement, are kept here, checked
against the installed MindSpore 2.10.0.
"""

MODEL_PY = "mindspore 2.10.0 site-packages/mindspore/train/model.py"
RELEASE_2_0 = (
    "https://www.mindspore.cn/docs/en/r2.0/RELEASE.html (2.0.0-rc1: dataset_sink_mode of Model.train "
    "now defaults to False)"
)

# method -> its parameters after ``self``, in order (MindSpore 1.10 to 2.10; fit from 2.0).
SIGNATURES = {
    "eval": ("valid_dataset", "callbacks", "dataset_sink_mode"),
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

# -- Metric ----------------------------------------------------------------------------
METRIC_PY = "mindspore 2.10.0 site-packages/mindspore/train/metrics/metric.py"
METRIC_GUIDE = (
    "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_development.html "
    "(customized metrics reimplement clear, update and eval)"
)
METRIC = "mindspore.train.metrics.metric.Metric"
METRIC_METHODS = ("clear", "update", "eval")
# Metric declares the three @abstractmethod under ABCMeta (METRIC_PY, 1.x to 2.10): creating a
# subclass that misses one raises TypeError. Every metric of mindspore.train.metrics implements
# all three (EvaluationBase, the base of Accuracy and others, with NotImplementedError stubs).

# -- training mode -----------------------------------------------------------------------
# Cells whose construct branches on ``self.training`` (Cell.set_train's docstring: "Layers that
# have different constructions for training and predicting, such as BatchNorm"): Dropout draws a
# random mask, BatchNorm normalises with the batch's statistics and updates its moving ones.
# mindspore 2.10.0 nn/layer/basic.py, nn/layer/normalization.py, mint/nn/layer/normalization.py.
MODE_DEPENDENT_CELLS = frozenset(
    {
        "mindspore.nn.layer.basic.Dropout",
        "mindspore.nn.layer.basic.Dropout1d",
        "mindspore.nn.layer.basic.Dropout2d",
        "mindspore.nn.layer.basic.Dropout3d",
        "mindspore.nn.layer.basic.DropoutExt",
        "mindspore.nn.layer.basic.Dropout2dExt",
        "mindspore.nn.layer.normalization._BatchNorm",
        "mindspore.nn.layer.normalization.BatchNorm3d",
        "mindspore.mint.nn.layer.normalization._BatchNorm",
    }
)
