"""Training data may drop its last batch; evaluation data keeps every sample."""

import mindspore.dataset as ds
from mindspore import nn
from mindspore.train import Accuracy, Model


def create_dataset(data_dir, is_train=True, batch_size=32):
    data = ds.Cifar10Dataset(data_dir, usage="train" if is_train else "test", shuffle=is_train)
    # Training drops the incomplete batch (static shapes for sinking); evaluation keeps it.
    return data.batch(batch_size, drop_remainder=is_train)


def create_train_dataset(data_dir, batch_size=32):
    return ds.Cifar10Dataset(data_dir, usage="train").batch(batch_size, drop_remainder=True)


def train_and_evaluate(net, data_dir):
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
    model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"acc": Accuracy()})
    model.train(10, create_train_dataset(data_dir))
    return model.eval(create_dataset(data_dir, is_train=False))


def predict_one_by_one(net, data_dir):
    data = ds.ImageFolderDataset(data_dir).batch(1, drop_remainder=True)  # batches of one drop nothing
    model = Model(net)
    return [model.predict(image) for image, _ in data.create_tuple_iterator()]
