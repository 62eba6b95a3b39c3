"""Training steps whose loss scaling is in place, or out of sight: nothing to report."""

import mindspore as ms
from mindspore import nn
from mindspore.train import Model, LossMonitor


def build_model(net, loss_fn, optimizer):
    # The manager is given to Model in another function than the optimizer's.
    manager = ms.amp.FixedLossScaleManager(1024.0, drop_overflow_update=False)
    return Model(net, loss_fn, optimizer, loss_scale_manager=manager)


def manager_in_another_function(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    build_model(net, loss_fn, optimizer).train(1, dataset)


def dropping_manager(net, loss_fn, dataset):
    # drop_overflow_update=True divides the gradients back itself: with loss_scale=1024 they are divided
    # twice, a different mistake, which this rule leaves alone.
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    manager = ms.amp.FixedLossScaleManager(1024.0)
    Model(net, loss_fn, optimizer, loss_scale_manager=manager).train(1, dataset)


def dynamic_manager_from_o2(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer, amp_level="O2").train(1, dataset)


def scale_from_config(net, loss_fn, dataset, config):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=config.loss_scale)
    Model(net, loss_fn, optimizer).train(1, dataset)


def scale_one(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1.0)
    Model(net, loss_fn, optimizer).train(1, dataset)


def never_trained(net):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    return optimizer.get_lr()


def only_evaluated(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    model = Model(net, loss_fn, optimizer, metrics={"loss"})
    return model.eval(dataset)


class ScaledStep(nn.TrainOneStepCell):
    """A training cell of the user's own: it may scale the loss itself."""

    def __init__(self, network, optimizer):
        super().__init__(network, optimizer, sens=1024.0)


def custom_training_cell(net_with_loss):
    optimizer = nn.Momentum(net_with_loss.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    return ScaledStep(net_with_loss, optimizer)


def sens_given(net_with_loss):
    optimizer = nn.Momentum(net_with_loss.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    return nn.TrainOneStepCell(net_with_loss, optimizer, sens=1024.0)


def loss_scale_cell(net_with_loss):
    optimizer = nn.Momentum(net_with_loss.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    scale = nn.FixedLossScaleUpdateCell(1024.0)
    return nn.TrainOneStepWithLossScaleCell(net_with_loss, optimizer, scale_sense=scale)


def functional_step(net, loss_fn, data, label):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)

    def forward(x, y):
        return loss_fn(net(x), y) * 1024.0

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    loss, grads = grad_fn(data, label)
    optimizer(grads)
    return loss


def handed_to_a_callback(net, loss_fn, dataset, make_callback):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer).train(1, dataset, callbacks=[make_callback(optimizer), LossMonitor()])


def hidden_arguments(net, loss_fn, dataset, **kwargs):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer, **kwargs).train(1, dataset)


def level_from_a_variable(net, loss_fn, dataset, level):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer, amp_level=level).train(1, dataset)


def boosted(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    Model(net, loss_fn, optimizer, boost_level="O1").train(1, dataset)


def optimizer_from_a_parameter(net, loss_fn, dataset, optimizer):
    Model(net, loss_fn, optimizer).train(1, dataset)


def two_steps_one_scaled(net, loss_fn, dataset):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0)
    manager = ms.amp.FixedLossScaleManager(1024.0, drop_overflow_update=False)
    Model(net, loss_fn, optimizer, loss_scale_manager=manager).train(1, dataset)
    Model(net, loss_fn, optimizer).train(1, dataset)


def no_loss_scale_parameter(net, loss_fn, dataset):
    # nn.Lamb and nn.AdamWeightDecay take no loss_scale; nn.AdaFactor ignores its own.
    optimizer = nn.AdaFactor(net.trainable_params(), loss_scale=1024.0)
    Model(net, loss_fn, optimizer).train(1, dataset)


def either_scale(net, loss_fn, dataset, large):
    optimizer = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=1024.0 if large else 1.0)
    Model(net, loss_fn, optimizer).train(1, dataset)


def adaptive_optimizers(net, loss_fn, dataset, net_with_loss):
    # Each divides its update by the gradients' running size, which mostly cancels the division.
    Model(net, loss_fn, nn.Adam(net.trainable_params(), 1e-3, loss_scale=1024.0)).train(1, dataset)
    Model(net, loss_fn, nn.AdaMax(net.trainable_params(), loss_scale=1024.0)).train(1, dataset)
    Model(net, loss_fn, nn.RMSProp(net.trainable_params(), loss_scale=1024.0)).train(1, dataset)
    nn.TrainOneStepCell(net_with_loss, nn.Adagrad(net_with_loss.trainable_params(), loss_scale=1024.0))
