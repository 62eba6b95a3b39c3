"""Training facts a module states (seeds, distribution, training steps, precision, loss scaling,
float16-only Ascend operators), and programs told apart by file when modules share a name."""

import textwrap

import astroid
import pytest

from ms_lint.semantics import facts, precision
from ms_lint.semantics.facts import ModuleFacts, ProgramFacts, Project


def facts_of(code: str) -> ProgramFacts:
    module = astroid.parse(textwrap.dedent(code), module_name="snippet")
    return facts.module_facts(module).facts


IMPORTS = """
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops, mint, amp
"""


@pytest.mark.parametrize(
    "code, expected",
    [
        ("ms.set_seed(1)", {"set_seed"}),
        ("from mindspore import set_seed\nset_seed(1)", {"set_seed"}),
        ("import mindspore\nmindspore.common.set_seed(1)", {"set_seed"}),
        ("np.random.seed(1)\nds.config.set_seed(1)\nimport random\nrandom.seed(1)", set()),
        ("def set_seed(s):\n    ms.set_seed(s)\nset_seed(1)", {"set_seed"}),
        ("def set_seed(s):\n    np.random.seed(s)\nset_seed(1)", set()),
        ("from toolkit_not_installed import seed_everything\nseed_everything(1)", {"seed-helper"}),
        ("rng = np.random.default_rng()\nrng.seed(1)\nms.get_seed()", set()),
    ],
)
def test_seeds(code, expected):
    assert facts_of(IMPORTS + code).seeds == expected


@pytest.mark.parametrize(
    "code, field, expected",
    [
        ("ms.set_auto_parallel_context(parameter_broadcast=True)", "parameter_broadcast", {"True"}),
        ("ms.set_auto_parallel_context(parameter_broadcast=flag)", "parameter_broadcast", {"dynamic"}),
        ("ms.set_auto_parallel_context(parameter_broadcast=False)", "parameter_broadcast", set()),
        ("ms.load_param_into_net(net, ms.load_checkpoint(path))", "checkpoint_loads", {"load_param_into_net"}),
        ("ms.load_checkpoint(path, net=net)", "checkpoint_loads", {"load_checkpoint"}),
        ("ms.load_param_into_net(optimizer, params)\nms.load_checkpoint(path)", "checkpoint_loads", set()),
        ("from mindspore.communication import init\ninit()", "distributed", {"init"}),
        ("from mindspore.communication.management import init\ninit('hccl')", "distributed", {"init"}),
        ("ms.set_auto_parallel_context(parallel_mode='data_parallel')", "distributed", {"data_parallel"}),
        (
            "ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)",
            "distributed",
            {"semi_auto_parallel"},
        ),
        ("ms.set_auto_parallel_context(parallel_mode='stand_alone', device_num=1)", "distributed", set()),
        ("ms.set_auto_parallel_context(parallel_mode=mode)", "distributed", {"dynamic"}),
    ],
)
def test_distribution_and_replica_sync(code, field, expected):
    assert getattr(facts_of(IMPORTS + code), field) == expected


@pytest.mark.parametrize(
    "code, expected",
    [
        ("ms.Model(net, loss, opt)", {"Model"}),
        ("ms.Model(net, loss, optimizer=opt)", {"Model"}),
        ("ms.Model(net, loss, metrics={'acc'})\nms.Model(net)", set()),
        ("ms.value_and_grad(fn, None, opt.parameters)", {"value_and_grad"}),
        ("ms.value_and_grad(fn)\nms.grad(fn, 0)\nops.GradOperation()", set()),
        ("ops.GradOperation(get_by_list=True)", {"GradOperation"}),
        ("nn.TrainOneStepCell(net, opt)", {"TrainOneStepCell"}),
        ("amp.build_train_network(net, opt)", {"build_train_network"}),
        ("class Step(nn.TrainOneStepCell):\n    pass", {"Step"}),
    ],
)
def test_train_steps(code, expected):
    assert facts_of(IMPORTS + code).train_steps == expected


@pytest.mark.parametrize(
    "code, expected",
    [
        ("net.to_float(ms.float16)", {"to_float"}),
        ("from mindspore.common import dtype as mstype\nnet.to_float(mstype.float16)", {"to_float"}),
        ("net.to_float(ms.float32)\nnet.to_float(ms.bfloat16)\nnet.to_float(dtype)", set()),
        ("amp.auto_mixed_precision(net, 'O2')", {"auto_mixed_precision"}),
        ("amp.auto_mixed_precision(net, 'O3', ms.bfloat16)\namp.auto_mixed_precision(net, level)", set()),
        ("amp.custom_mixed_precision(net, black_list=[])", {"custom_mixed_precision"}),
        ("ms.Model(net, loss, opt, amp_level='O3')", {"amp_level"}),
        ("ms.Model(net, loss, opt, None, None, None, 'auto')", {"amp_level"}),
        ("ms.Model(net, loss, opt, amp_level='O2')\nms.Model(net, loss, opt, amp_level='O0')", set()),
    ],
)
def test_float16_casts(code, expected):
    assert facts_of(IMPORTS + code).float16 == expected


@pytest.mark.parametrize(
    "code, expected",
    [
        ("ms.Model(net, loss, opt, loss_scale_manager=ms.amp.FixedLossScaleManager(1024.))",
         {"loss_scale_manager", "FixedLossScaleManager"}),
        ("ms.Model(net, loss, opt, amp_level='O2')", {"amp_level O2"}),
        ("ms.Model(net, loss, opt, amp_level='O2', loss_scale_manager=None)", set()),
        ("amp.DynamicLossScaler(1024, 2, 1000)", {"DynamicLossScaler"}),
        ("nn.TrainOneStepWithLossScaleCell(net, opt, scale_sense=s)", {"TrainOneStepWithLossScaleCell"}),
        ("nn.DynamicLossScaleUpdateCell(2**12, 2, 1000)", {"DynamicLossScaleUpdateCell"}),
        ("nn.TrainOneStepCell(net, opt, sens=1024.0)", {"TrainOneStepCell(sens)"}),
        ("nn.TrainOneStepCell(net, opt)\nnn.TrainOneStepCell(net, opt, 1.0)", set()),
        ("class Step(nn.TrainOneStepWithLossScaleCell):\n    pass", {"Step"}),
    ],
)
def test_loss_scaling(code, expected):
    assert facts_of(IMPORTS + code).loss_scaling == expected


@pytest.mark.parametrize(
    "code, expected",
    [
        ("nn.Conv2d(3, 8, 3)\nnn.Conv3dTranspose(3, 8, 3)", {"Conv"}),
        ("mint.nn.functional.conv2d(x, w)\nops.Conv2D(8, 3)", {"Conv"}),
        ("ops.TopK()(x, 2)\nmint.topk(x, 2)", {"TopK"}),
        ("ops.sort(x)\nops.Sort()(x)", {"Sort"}),
        ("class MyConv(nn.Conv2d):\n    pass", {"Conv"}),
        ("values = [3, 1]\nvalues.sort()\nnn.Dense(2, 2)\nops.argsort(x)", set()),
    ],
)
def test_ascend_float16_ops(code, expected):
    assert facts_of(IMPORTS + code).ascend_float16_ops == expected


@pytest.mark.parametrize(
    "code, is_script",
    [
        ("def main():\n    pass\nif __name__ == '__main__':\n    main()", True),
        ("def main():\n    pass\nmain()", True),
        ("ms.set_context(mode=ms.GRAPH_MODE)", True),
        ("def helper():\n    pass\nprint('imported')", False),
        ("class Net(nn.Cell):\n    pass", False),
    ],
)
def test_scripts(code, is_script):
    assert bool(facts_of(IMPORTS + code).scripts) is is_script


def test_existing_facts_keep_their_values():
    found = facts_of(IMPORTS + "ms.set_context(mode=ms.GRAPH_MODE, device_target='Ascend')\nms.set_device('GPU')")
    assert found.modes == {"graph"}
    assert found.device_targets == {"Ascend", "GPU"}


def write(root, files):
    for name, code in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code))


def linted(root, names):
    """Module facts as pylint would give them: names relative to the directory pylint was given."""
    found = []
    for relative, module_name in names.items():
        path = root / relative
        module = astroid.MANAGER.ast_from_file(str(path), module_name)
        found.append(facts.module_facts(module))
    return found


def test_scripts_with_the_same_name_are_separate_programs(tmp_path):
    write(
        tmp_path,
        {
            "a/train.py": "import mindspore as ms\nfrom utils import setup\nsetup()\n",
            "a/utils.py": "import mindspore as ms\ndef setup():\n    ms.set_seed(1)\n",
            "b/train.py": "from utils import setup\nsetup()\n",
            "b/utils.py": "from mindspore.communication import init\ndef setup():\n    init()\n",
        },
    )
    project = Project(linted(tmp_path, {"a/train.py": "train", "a/utils.py": "utils", "b/train.py": "train",
                                        "b/utils.py": "utils"}))
    a_train, b_utils = str(tmp_path / "a/train.py"), str(tmp_path / "b/utils.py")
    assert project.facts_for("train", a_train).seeds == {"set_seed"}
    assert project.facts_for("train", a_train).distributed == frozenset()
    assert project.facts_for("utils", b_utils).seeds == frozenset()
    assert project.facts_for("utils", b_utils).distributed == {"init"}
    assert project.facts_for("train") == ProgramFacts()  # ambiguous without its file
    assert sorted(map(sorted, project.programs)) == [["train", "utils"], ["train", "utils"]]


def test_user_modules_that_were_not_linted_are_unseen(tmp_path):
    write(
        tmp_path,
        {
            "train.py": "import numpy\nfrom pkg.helpers import setup\nimport pkg.models\n",
            "pkg/__init__.py": "",
            "pkg/helpers.py": "def setup():\n    pass\n",
            "pkg/models.py": "",
        },
    )
    project = Project(linted(tmp_path, {"train.py": "train", "pkg/models.py": "pkg.models"}))
    program = project.facts_for("train", str(tmp_path / "train.py"))
    assert program.unseen_imports == {str(tmp_path / "pkg" / "helpers.py")}


def test_module_facts_without_a_file_keep_the_name_based_behaviour():
    project = Project([ModuleFacts("train", frozenset({"net"}), ProgramFacts(seeds=frozenset({"set_seed"}))),
                       ModuleFacts("net", frozenset(), ProgramFacts())])
    assert project.facts_for("net").seeds == {"set_seed"}


TRACKED = IMPORTS + """
def helper(network):
    network.to_float(ms.float16)

def train(loss, opt, given):
    net = nn.Dense(2, 2)
    helper(net)
    other = nn.Dense(2, 2)
    if loss:
        other.to_float(ms.float32)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    other_step = nn.TrainOneStepCell(other, opt)
    given_step = nn.TrainOneStepCell(given, opt)
"""


def test_precision_tracking_follows_names_wrappers_and_helpers():
    module = astroid.parse(TRACKED, module_name="tracked")
    steps = {node.targets[0].name: node.value for node in module.nodes_of_class(astroid.nodes.Assign)
             if node.targets[0].as_string().endswith("step")}
    first = precision.track(steps["step"])
    assert [(c.text.split(",")[0], c.dtype, c.certain) for c in first.conversions] == [
        ("helper(net)", "mindspore.float16", True)
    ]
    assert not first.opaque
    other = precision.track(steps["other_step"])
    assert [(c.dtype, c.certain) for c in other.conversions] == [("mindspore.float32", False)]
    assert precision.track(steps["given_step"]).opaque
