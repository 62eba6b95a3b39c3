"""An evaluation script: its file name is the evidence (INFERENCE)."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds

data = ds.MnistDataset("data", usage="all")
data = data.batch(64, drop_remainder=True)  # [eval-dataset-drop-remainder]
