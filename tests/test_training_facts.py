"""Training facts a module states (seeds, distribution, training steps, precision, loss scaling,
float16-only Ascend operators), and programs told apart by file when modules share a name."""

import textwrap

import astroid
import pytest

from ms_lint.semantics.program import facts, precision
from ms_lint.semantics.program.facts import ModuleFacts, ProgramFacts
from ms_lint.semantics.program.project import Project

from lint import write_project


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
        # MindSpore's initialisers draw from numpy's generator: numpy and dataset seeds align them.
        ("np.random.seed(1)", {"numpy-seed"}),
        ("ds.config.set_seed(1)", {"numpy-seed"}),
        ("import random\nrandom.seed(1)", set()),
        ("def set_seed(s):\n    ms.set_seed(s)\nset_seed(1)", {"set_seed"}),
        ("def set_seed(s):\n    np.random.seed(s)\nset_seed(1)", {"numpy-seed"}),
        ("from toolkit_not_installed import seed_everything\nseed_everything(1)", {"seed-helper"}),
        ("rng = np.random.default_rng()\nrng.seed(1)\nms.get_seed()", set()),
    ],
)
def test_seeds(code, expected):
    assert facts_of(IMPORTS + code).seeds == expected


MINDCV_SEED = """
def set_seed(seed=42, rank=0):
    if rank is None:
        rank = 0
    ms.set_seed(seed + rank)
"""


@pytest.mark.parametrize(
    "code, seeds, varying",
    [
        # The same on every rank, or unknown: a seed.
        ("ms.set_seed(args.seed)", {"set_seed"}, set()),
        ("ms.set_seed(args.seed * args.rank_size)", {"set_seed"}, set()),
        ("ms.set_seed(int(os.getenv('SEED', '1')))", {"set_seed"}, set()),
        ("ms.set_seed(compute())", {"set_seed"}, set()),
        # Per run: a clock or a random generator.
        ("ms.set_seed(np.random.randint(1000))", set(), {"ms.set_seed(np.random.randint(1000))"}),
        ("import random\nms.set_seed(random.randint(0, 99))", set(), {"ms.set_seed(random.randint(0, 99))"}),
        ("import time\nms.set_seed(int(time.time()))", set(), {"ms.set_seed(int(time.time()))"}),
        # Per rank: a rank or device id, read from a call, an attribute, a name or the environment.
        ("from mindspore.communication import get_rank\nms.set_seed(get_rank())", set(), {"ms.set_seed(get_rank())"}),
        ("ms.set_seed(args.seed + args.rank)", set(), {"ms.set_seed(args.seed + args.rank)"}),
        ("rank_id = int(os.environ['RANK_ID'])\nms.set_seed(1 + rank_id)", set(), {"ms.set_seed(1 + rank_id)"}),
        ("ms.set_seed(int(os.getenv('DEVICE_ID')))", set(), {"ms.set_seed(int(os.getenv('DEVICE_ID')))"}),
        ("seed = cfg.seed\nseed += cfg.local_rank\nms.set_seed(seed)", set(), {"ms.set_seed(seed)"}),
        ("rank_id = 0\nms.set_seed(rank_id)", {"set_seed"}, set()),
        # Through a seed helper: its parameter is what the caller passes, or its default.
        ("def set_seed(seed=1):\n    ms.set_seed(seed)\nset_seed()", {"set_seed"}, set()),
        ("def set_seed(seed):\n    ms.set_seed(seed)\nset_seed(args.seed)", {"set_seed"}, set()),
        ("def set_seed(seed):\n    ms.set_seed(seed)", set(), set()),  # never called: sets nothing
        # mindcv's helper: the rank defaults to 0, so set_seed(args.seed) is the same everywhere.
        (MINDCV_SEED + "set_seed(args.seed)", {"set_seed"}, set()),
        # Its rank may be reset to 0 on the way (``if rank is None``): the rule cannot tell, so a seed.
        (MINDCV_SEED + "set_seed(args.seed, rank_id)", {"set_seed"}, set()),
        ("def set_seed(seed, rank=0):\n    ms.set_seed(seed + rank)\nset_seed(args.seed, rank_id)", set(),
         {"set_seed(args.seed, rank_id)"}),
        ("def init_env(seed):\n    ms.set_seed(seed)", {"set_seed"}, set()),  # its callers are not recognised
        ("def set_seed(seed):\n    ms.set_seed(seed)\nset_seed(args.seed + args.rank_id)", set(),
         {"set_seed(args.seed + args.rank_id)"}),
        ("def set_seed(seed):\n    ms.set_seed(seed)\nset_seed(seed=args.seed + args.rank_id)", set(),
         {"set_seed(seed=args.seed + args.rank_id)"}),
        ("from toolkit_not_installed import seed_everything\nseed_everything(args.seed + args.rank)", set(),
         {"seed_everything(args.seed + args.rank)"}),
    ],
)
def test_seeds_that_differ_per_rank_or_run(code, seeds, varying):
    found = facts_of(IMPORTS + "import os\n" + code)
    assert (found.seeds, found.varying_seeds) == (seeds, varying)


@pytest.mark.parametrize(
    "code, loads",
    [
        ("ms.load_param_into_net(net, ms.load_checkpoint(path))", True),
        ("params = ms.load_checkpoint(path)\nms.load_param_into_net(net, params)", True),
        ("def main(net, path):\n    ms.load_checkpoint(path, net)\nif __name__ == '__main__':\n    main(1, 2)", True),
        ("try:\n    ms.load_checkpoint(path, net)\nexcept OSError:\n    pass", True),
        # Under a condition.
        ("if args.resume:\n    ms.load_param_into_net(net, ms.load_checkpoint(args.resume))", False),
        ("if cfg.load_checkpoint:\n    ms.load_checkpoint(cfg.path, net)\nelse:\n    pass", False),
        ("params = ms.load_checkpoint(path) if path else {}\nms.load_param_into_net(net, params)", False),
        ("path and ms.load_checkpoint(path, net)", False),
        ("params = {}\nif path:\n    params = ms.load_checkpoint(path)\nms.load_param_into_net(net, params)", False),
        ("try:\n    pass\nexcept OSError:\n    ms.load_checkpoint(path, net)", False),
        ("def load(net, path):\n    if not path:\n        return\n    ms.load_checkpoint(path, net)", False),
        ("def load(net, path):\n    for _ in path:\n        if _:\n            ms.load_checkpoint(path, net)", False),
        # In evaluation code.
        ("def evaluate(net, path):\n    ms.load_checkpoint(path, net)", False),
        ("def run_eval(net, path):\n    ms.load_checkpoint(path, net)", False),
        ("class EvalCallback:\n    def on_end(self, net):\n        ms.load_checkpoint('x', net)", False),
        ("def export_model(net):\n    ms.load_checkpoint('x', net)", False),
        ("ms.load_checkpoint(path, net=net_test)", False),
        ("ms.load_param_into_net(eval_network, params)", False),
        ("def train_and_eval(net, path):\n    ms.load_checkpoint(path, net)", True),
    ],
)
def test_checkpoint_loads_that_run_with_training(code, loads):
    assert bool(facts_of(IMPORTS + code).checkpoint_loads) is loads


def test_checkpoint_loads_in_an_evaluation_script(tmp_path):
    code = IMPORTS + "ms.load_param_into_net(net, ms.load_checkpoint(path))\n"
    write_project(tmp_path, {"eval.py": code, "predict_onnx.py": code, "train.py": code})
    found = {name: facts.module_facts(astroid.MANAGER.ast_from_file(str(tmp_path / name))).facts.checkpoint_loads
             for name in ("eval.py", "predict_onnx.py", "train.py")}
    assert found == {"eval.py": set(), "predict_onnx.py": set(), "train.py": {"load_param_into_net"}}


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
    ],
)
def test_train_steps(code, expected):
    assert facts_of(IMPORTS + code).train_steps == expected


def test_train_step_classes_are_steps_where_they_are_built():
    found = facts_of(IMPORTS + "class Step(nn.TrainOneStepCell):\n    pass")
    assert (found.train_steps, found.train_step_classes) == (set(), {"Step"})
    module = astroid.parse(IMPORTS + "class Step(nn.TrainOneStepCell):\n    pass\nStep(1, 2)", module_name="built")
    assert Project([facts.module_facts(module)]).facts_for("built").train_steps == {"Step"}


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


def linted(root, names):
    """Module facts as pylint would give them: names relative to the directory pylint was given."""
    found = []
    for relative, module_name in names.items():
        path = root / relative
        module = astroid.MANAGER.ast_from_file(str(path), module_name)
        found.append(facts.module_facts(module))
    return found


def test_scripts_with_the_same_name_are_separate_programs(tmp_path):
    write_project(
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
    write_project(
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
