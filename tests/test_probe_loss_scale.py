"""The probe of optimizer-loss-scale-without-manager: one step with the optimizer's loss_scale and no
manager, against the same step with loss_scale=1.0.

The plan, the arguments the optimizer is rebuilt with and the decision on the measured ratio are
tested without MindSpore; the measurement itself on the rule's own examples under MindSpore (CPU).
"""

import dataclasses
import re

import pytest

from ms_lint.probe import config
from ms_lint.probe.experiments import EXPERIMENTS
from ms_lint.probe.experiments.base import STANDALONE, Context
from ms_lint.probe.experiments.loss_scale import COMPUTED, KEPT, PARAMS, SCALE, LossScaleStep, _arguments, verdict
from ms_lint.probe.verdict import CONFIRMED, NOT_REPRODUCED, UNCONFIRMABLE, Task, Unconfirmable

from lint import RULES, run_pylint
from probe_support import finding, requires_mindspore

SYMBOL = "optimizer-loss-scale-without-manager"
BAD = RULES / SYMBOL / "bad.py"
PROBE = ("--load-plugins=ms_lint,ms_lint.probe", "--probe-cache-dir=off", "--probe-timeout=120")
SUFFIX = re.compile(r" \[probe (confirmed|not reproduced|unconfirmable): (.*)\]$")
RATIO = re.compile(r"with loss_scale=1\.0 changes them ([\d.e+]+) times as much")
MOMENTUM = "mindspore.nn.optim.momentum.Momentum"


def _plan(path, line, col, module="bad"):
    """The plan for a finding of the rule, kept as a whole-program finding keeps it: by its place only."""
    found = dataclasses.replace(finding(path, module, line=line, symbol=SYMBOL), col=col)
    return LossScaleStep().plan(Context(finding=found, config=config.ProbeConfig(), root=str(path.parent)))


def test_the_rule_has_this_experiment():
    assert isinstance(EXPERIMENTS[SYMBOL], LossScaleStep)


# -- the plan: the optimizer call the training step trains, found from the step's place ----------


def test_the_plan_rebuilds_the_optimizer_the_model_trains_with_its_constant_loss_scale():
    task = _plan(BAD, 22, 12)
    assert isinstance(task, Task)
    payload = task.payload
    assert payload["optimizer"] == MOMENTUM
    assert payload["written"] == "nn.Momentum"
    assert payload["arguments"] == [
        [None, PARAMS, "net.trainable_params()"],
        ["learning_rate", KEPT, "0.1"],
        ["momentum", KEPT, "0.9"],
        ["loss_scale", SCALE, "LOSS_SCALE"],
    ]
    assert payload["loss_scale"] == 1024.0
    assert payload[STANDALONE] == []  # literals only: neither the module nor an import is needed
    assert not LossScaleStep().needs_user_module(payload)


def test_positional_arguments_are_kept_in_place():
    payload = _plan(BAD, 36, 12).payload
    assert payload["arguments"] == [
        [None, PARAMS, "net.trainable_params()"],
        [None, KEPT, "0.1"],
        [None, KEPT, "0.9"],
        ["loss_scale", SCALE, "1024.0"],
    ]


def test_the_sgd_of_a_training_cell_without_sens():
    payload = _plan(BAD, 29, 11).payload
    assert payload["optimizer"] == "mindspore.nn.optim.sgd.SGD"
    assert payload["loss_scale"] == 128.0


COMPUTED_LR = """import mindspore.nn as nn
from mindspore.train import Model

WIDTH = 16
DECAY = 1e-4


def train(net, dataset, args):
    optimizer = nn.SGD(net.trainable_params(), args.lr, weight_decay=DECAY, nesterov=args.nesterov, loss_scale=2 ** 10)
    model = Model(net, nn.MSELoss(), optimizer)
    model.train(1, dataset)
"""


def test_computed_arguments_are_marked_and_module_constants_written_out(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(COMPUTED_LR)
    payload = _plan(path, 10, 12, module="train").payload
    assert payload["optimizer"] == "mindspore.nn.optim.sgd.SGD"
    assert payload["arguments"] == [
        [None, PARAMS, "net.trainable_params()"],
        [None, COMPUTED, "args.lr"],
        ["weight_decay", KEPT, "DECAY"],
        ["nesterov", COMPUTED, "args.nesterov"],
        ["loss_scale", SCALE, "2**10"],
    ]
    assert payload["loss_scale"] == 1024.0
    assert payload[STANDALONE] == ["DECAY = 0.0001"]


def test_a_place_that_holds_no_training_step_is_unconfirmable():
    planned = _plan(BAD, 21, 4)
    assert planned.status == UNCONFIRMABLE
    assert planned.evidence == "the optimizer this training step trains could not be located"


# -- the arguments in the child: stand-ins for the computed ones, placed by the real signature ----


def _registered(function):
    """Like MindSpore's ``opt_init_args_register``: hides the signature behind (*args, **kwargs)."""

    def deco(self, *args, **kwargs):
        function(self, *args, **kwargs)

    return deco


class Momentum:
    @_registered
    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0):
        pass


class Ftrl:
    @_registered
    def __init__(self, params, initial_accum, loss_scale=1.0):
        pass


def _payload(*arguments):
    return {"written": "nn.Momentum", "arguments": [list(item) for item in arguments], "loss_scale": 1024.0}


def test_computed_arguments_get_stand_ins_or_mindspore_s_default_and_are_named():
    payload = _payload(
        (None, PARAMS, "net.trainable_params()"),
        (None, COMPUTED, "cfg.lr"),
        (None, KEPT, "MOMENTUM"),
        ("weight_decay", COMPUTED, "cfg.wd"),
        ("loss_scale", SCALE, "1024.0"),
    )
    kwargs, stand_ins = _arguments(Momentum, {"MOMENTUM": 0.8}, payload)
    assert kwargs == {"learning_rate": 0.01, "momentum": 0.8}
    assert stand_ins == ["learning_rate=0.01 for cfg.lr", "MindSpore's default for weight_decay=cfg.wd"]
    assert [item.zh for item in stand_ins] == ["learning_rate=0.01 代替 cfg.lr", "MindSpore 的默认值代替 weight_decay=cfg.wd"]


def test_a_computed_argument_the_optimizer_requires_without_a_stand_in_is_unconfirmable():
    payload = _payload((None, PARAMS, "params"), (None, COMPUTED, "cfg.accum"))
    with pytest.raises(Unconfirmable, match=r"cfg\.accum is computed and nn\.Momentum's parameter initial_accum"):
        _arguments(Ftrl, {}, payload)


# -- the decision on the two measured updates ---------------------------------------------------


def test_an_update_smaller_by_the_loss_scale_confirms():
    found = verdict("nn.SGD(...)", 1024.0, scaled=[0.001 / 1024] * 4, plain=[0.001] * 4)
    assert found.status == CONFIRMED
    assert found.evidence.endswith("changes them 1024 times as much, about its loss_scale of 1024")


def test_an_update_smaller_by_part_of_the_loss_scale_confirms_and_says_so():
    found = verdict("nn.Adadelta(...)", 1024.0, scaled=[0.01 / 17] * 4, plain=[0.01] * 4)
    assert found.status == CONFIRMED
    assert found.evidence.endswith(
        "changes them 17 times as much, not the 1024 of its loss_scale: this optimizer's update follows the "
        "gradient's scale only in part"
    )


def test_the_same_update_is_not_reproduced():
    found = verdict("nn.Adam(...)", 128.0, scaled=[0.000999] * 4, plain=[0.001] * 4)
    assert found.status == NOT_REPRODUCED
    assert found.evidence.endswith(
        "changes them 1.001 times as much: its loss_scale of 128 hardly changes this optimizer's update"
    )
    assert found.evidence.zh.endswith("倍：其 loss_scale 值 128 几乎不影响该优化器的更新")


def test_a_step_that_moves_no_weight_shows_nothing():
    with pytest.raises(Unconfirmable, match="left the weights unchanged"):
        verdict("nn.SGD(...)", 1024.0, scaled=[0.0] * 4, plain=[0.001] * 4)


# -- under MindSpore ------------------------------------------------------------------------------


def _verdicts(path, *options):
    found = {}
    for message in run_pylint([path], *PROBE, *options):
        match = SUFFIX.search(message.msg)
        assert match, message.msg
        found[message.line] = (match.group(1), match.group(2), message.confidence.name)
    return found


def _ratio(evidence):
    match = RATIO.search(evidence)
    assert match, evidence
    return float(match.group(1))


@requires_mindspore
def test_the_rule_s_examples_updates_are_divided_by_the_loss_scale():
    found = _verdicts(BAD)
    assert sorted(found) == [22, 29, 36]
    for line, scale in ((22, 1024), (29, 128), (36, 1024)):
        status, evidence, confidence = found[line]
        assert (status, confidence) == (CONFIRMED, "HIGH"), evidence
        assert _ratio(evidence) == pytest.approx(scale, rel=0.01)
        assert "trained one step by nn.TrainOneStepCell without sens" in evidence
    assert found[22][1].startswith("nn.Momentum(the network's parameters, learning_rate=0.1, momentum=0.9, "
                                   "loss_scale=LOSS_SCALE (1024)), ")


COMPUTED_STEPS = """import mindspore.nn as nn


def sgd_step(net_with_loss, args):
    optimizer = nn.SGD(net_with_loss.trainable_params(), args.lr, loss_scale=256)
    return nn.TrainOneStepCell(net_with_loss, optimizer)


def unscaled_step(net_with_loss):
    optimizer = nn.SGD(net_with_loss.trainable_params(), 0.1, loss_scale=1.0)
    return nn.TrainOneStepCell(net_with_loss, optimizer)
"""


@requires_mindspore
def test_stand_ins_are_named_in_the_evidence(tmp_path):
    path = tmp_path / "steps.py"
    path.write_text(COMPUTED_STEPS)
    found = _verdicts(path)
    assert sorted(found) == [6]  # loss_scale=1.0 is no finding
    status, evidence, _ = found[6]
    assert status == CONFIRMED, evidence
    assert evidence.startswith("nn.SGD(the network's parameters, args.lr, loss_scale=256) (standing in: "
                               "learning_rate=0.01 for args.lr), ")
    assert _ratio(evidence) == pytest.approx(256, rel=0.01)
