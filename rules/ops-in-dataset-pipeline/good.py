"""The same pipeline with numpy and mindspore.dataset transforms; MindSpore operators only in training."""

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops
from mindspore.dataset import transforms, vision


class RandomPatches:
    """The source of a GeneratorDataset returns numpy arrays."""

    def __init__(self, count):
        self.images = np.random.rand(count, 32, 32, 3).astype(np.float32)

    def __getitem__(self, index):
        return self.images[index], np.int32(index % 10)

    def __len__(self):
        return len(self.images)


def normalize(image):
    return (image / 255.0).astype(np.float32)


def one_hot_batch(images, labels, batch_info):
    return images, np.eye(10, dtype=np.float32)[np.stack(labels)]


dataset = ds.GeneratorDataset(RandomPatches(64), column_names=["image", "label"], shuffle=True)
dataset = dataset.map(operations=[vision.Resize((64, 64)), vision.HWC2CHW(), normalize], input_columns="image")
dataset = dataset.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
dataset = dataset.batch(16, per_batch_map=one_hot_batch, input_columns=["image", "label"])

net = nn.Dense(3 * 64 * 64, 10)
for batch in dataset.create_dict_iterator():
    logits = net(ops.flatten(batch["image"]))
