"""MindSpore operators in code that the dataset pipeline runs."""

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.dataset import vision


class RandomPatches:
    """The source of a GeneratorDataset: __getitem__ runs in the pipeline's workers."""

    def __init__(self, count):
        self.images = np.random.rand(count, 3, 32, 32).astype(np.float32)
        self.resize = ops.ResizeBilinearV2()

    def __getitem__(self, index):
        image = Tensor(self.images[index][None])
        image = self.resize(image, (64, 64))  # [ops-in-dataset-pipeline]
        return image.asnumpy()[0], np.int32(index % 10)

    def __len__(self):
        return len(self.images)


def normalize(image):
    """A map operation that computes with MindSpore instead of numpy."""
    image = Tensor(image, ms.float32)
    return ops.div(image, 255.0).asnumpy()  # [ops-in-dataset-pipeline]


def one_hot_batch(images, labels, batch_info):
    """A per_batch_map that builds its labels with a MindSpore operator."""
    labels = ops.one_hot(Tensor(np.stack(labels)), 10, Tensor(1.0), Tensor(0.0))  # [ops-in-dataset-pipeline]
    return images, labels.asnumpy()


dataset = ds.GeneratorDataset(RandomPatches(64), column_names=["image", "label"], shuffle=True)
dataset = dataset.map(operations=[vision.HWC2CHW(), normalize], input_columns="image")
dataset = dataset.map(operations=lambda label: ops.abs(label), input_columns="label")  # [ops-in-dataset-pipeline]
dataset = dataset.batch(16, per_batch_map=one_hot_batch, input_columns=["image", "label"])

net = nn.Dense(3 * 64 * 64, 10)
for batch in dataset.create_dict_iterator():
    logits = net(ops.flatten(batch["image"]))
