"""Training data, batches of one, parameterised or conditional drop_remainder, other batch methods."""
# pylint: disable=missing-docstring

import mindspore.dataset as ds
from mindspore.train import Model

ONE = 1


def create_dataset(path, is_train=True, batch_size=32):
    data = ds.Cifar10Dataset(path)
    if is_train:
        data = data.batch(batch_size, drop_remainder=True)
    else:
        data = data.batch(batch_size, drop_remainder=False)
    return data


def create_dataset_early_return(path, do_train=True):
    data = ds.Cifar10Dataset(path)
    if not do_train:
        return data.batch(32)
    return data.batch(32, drop_remainder=True)


def create_parameterised(path, is_train=True):
    return ds.Cifar10Dataset(path).batch(32, drop_remainder=is_train)


def main(net, path, args):
    model = Model(net)
    model.train(1, create_dataset(path), dataset_sink_mode=True)
    model.eval(create_dataset(path, is_train=False))
    model.eval(create_dataset_early_return(path, do_train=False))
    model.eval(create_parameterised(path, False))
    model.eval(ds.Cifar10Dataset(path).batch(ONE, drop_remainder=True))
    model.eval(ds.Cifar10Dataset(path).batch(32, drop_remainder=args.drop))
    train_set = ds.Cifar10Dataset(path, usage="train").batch(32, drop_remainder=True)
    model.train(1, train_set)


class Loader:
    def batch(self, size, drop_remainder=False):
        return size, drop_remainder


def eval_loader():
    return Loader().batch(32, drop_remainder=True)  # not a MindSpore dataset


def create_eval_dataset(path, batch_size=1):
    return ds.MnistDataset(path).batch(batch_size, drop_remainder=True)  # batches of one by default


def create_test_dataset(path, batch_size):
    return ds.MnistDataset(path).batch(batch_size, drop_remainder=True)  # the size is up to the callers


def evaluate(net, path):
    Model(net).eval(create_test_dataset(path, batch_size=1))
    Model(net).eval(create_eval_dataset(path))


def create_validation_pipeline(path):
    # Named for evaluation, but this batch is the training half of the pipeline.
    train_data = ds.MnistDataset(path).batch(32, drop_remainder=True)
    return train_data
