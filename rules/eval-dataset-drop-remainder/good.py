"""Training data may drop its last batch; evaluation data keeps every sample."""

import argparse

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


def create_sequence_dataset(data_dir, batch_size, is_train=True):
    return ds.MindDataset(data_dir, shuffle=is_train).batch(batch_size, drop_remainder=True)


def evaluate_sequences(net, data_dir, config):
    config.batch_size = 1  # one sequence at a time: batches of one drop nothing
    data = create_sequence_dataset(data_dir, config.batch_size, is_train=False)
    return [net(sequence) for sequence, _ in data.create_tuple_iterator()]


# Settings the code gives: a config dict and an option, both with evaluation batches of one.
cfg = dict({"batch_size": 32, "eval_batch_size": 1})
parser = argparse.ArgumentParser()
parser.add_argument("--eval_batch_size", type=int, default=1)


def create_text_dataset(data_dir, batch_size, is_train=True):
    return ds.TextFileDataset(data_dir, shuffle=is_train).batch(batch_size, drop_remainder=True)


def create_record_dataset(data_dir, batch_size, is_train=True):
    return ds.TFRecordDataset(data_dir, shuffle=is_train).batch(batch_size, drop_remainder=True)


def evaluate_configured(net, data_dir, args):
    by_config = create_text_dataset(data_dir, cfg.eval_batch_size, is_train=False)
    by_option = create_record_dataset(data_dir, args.eval_batch_size, is_train=False)
    return [net(sequence) for data in (by_config, by_option) for sequence, _ in data.create_tuple_iterator()]
