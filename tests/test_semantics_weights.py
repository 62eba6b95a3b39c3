"""The weights a program sets itself (ms_lint.semantics.program.weights), and api-default-changed asking the program."""

import astroid
import pytest

from lint import findings_file_by_file, project_findings, write_project
from ms_lint.semantics.program import weights

DENSE_WEIGHT, DENSE_BIAS = "mindspore.nn.layer.basic.Dense.weight", "mindspore.nn.layer.basic.Dense.bias"
CONV2D_WEIGHT = "mindspore.nn.layer.conv.Conv2d.weight"
RULE = "api-default-changed"


def _sets(code: str):
    """What module-level ``code`` sets for its program (a method would set it for the modules below)."""
    module = astroid.parse(code)
    program, methods, loaded = weights.sets_by_scope([call for call in module.nodes_of_class(astroid.nodes.Call) if weights.may_set(call)])
    assert not methods and not loaded
    return program


def test_keys_are_the_tables_initialiser_defaults():
    assert {DENSE_WEIGHT, DENSE_BIAS, CONV2D_WEIGHT} <= weights.KEYS
    assert all(key.rpartition(".")[2] in ("weight", "bias") for key in weights.KEYS)


@pytest.mark.parametrize(
    "code, expected",
    [
        # isinstance narrows the loop's layer to its classes; the attribute set is the key's.
        ("""
         from mindspore import nn
         for _, cell in net.cells_and_names():
             if isinstance(cell, (nn.Conv2d, nn.Dense)):
                 cell.weight.set_data(initializer("normal", cell.weight.shape, cell.weight.data.dtype))
         """, {CONV2D_WEIGHT, DENSE_WEIGHT}),
        ("""
         from mindspore import nn
         for _, cell in net.cells_and_names():
             if isinstance(cell, nn.Conv2d):
                 pass
             elif isinstance(cell, nn.Dense) and cell.bias is not None:
                 cell.bias.set_data(b)
         """, {DENSE_BIAS}),
        # No test of the class: every class's weights.
        ("net.fc.weight.set_data(w)", weights._of_attribute("weight")),
        # A parameter of a loop over parameters, whatever the loop's filters: every key.
        ("for name, p in net.parameters_and_names():\n    if 'fc' in name:\n        p.set_data(w)\n", weights.KEYS),
        ("for p, data in zip(layer.get_parameters(), values):\n    p.set_data(data)\n", weights.KEYS),
        # Values worked out from the weights update them (a momentum encoder, a perturbation): nothing set.
        ("for q, k in zip(net_q.get_parameters(), net_k.get_parameters()):\n    k.set_data(k.data * m + q.data * (1 - m))\n", set()),
        ("for p in net.trainable_params():\n    old = p.data.copy()\n    p.set_data(p * 2)\n    p.set_data(old)\n", set()),
        # A checkpoint loaded into a network on every run; one loaded to resume leaves training from scratch.
        ("import mindspore as ms\nms.load_param_into_net(net, ms.load_checkpoint(path))\n", weights.KEYS),
        ("import mindspore as ms\nms.load_checkpoint(path, net=network)\n", weights.KEYS),
        ("import mindspore as ms\nif args.resume:\n    ms.load_param_into_net(net, ms.load_checkpoint(path))\n", set()),
        # One that evaluates what was trained comes after the training that relied on the defaults.
        ("import mindspore as ms\ndef evaluate(net):\n    ms.load_param_into_net(net, ms.load_checkpoint(path))\n", set()),
        ("import mindspore as ms\nmodel.train(1, data)\nms.load_param_into_net(net, ms.load_checkpoint(best))\n", set()),
        # Not weights: into an optimizer, a Cell's own parameter, another parameter, a checkpoint only read.
        ("import mindspore as ms\nms.load_param_into_net(optimizer, params)\n", set()),
        ("self.weight.set_data(w)\nself.scale_sense.set_data(s)\ntensor.set_data(t)\n", set()),
        ("net.init_parameters_data()\n", set()),  # a Cell method: it sets nothing
        ("import mindspore as ms\nparams = ms.load_checkpoint(path)\n", set()),
        # A helper the code shows is read; one it does not show may set anything.
        ("""
         from mindspore import nn
         def init_weights(net):
             for cell in net.cells():
                 if isinstance(cell, nn.Dense):
                     cell.weight.set_data(w)
         init_weights(model)
         """, {DENSE_WEIGHT}),
        ("from helpers import init_weights\ninit_weights(model)\n", weights.KEYS),
        ("from helpers import init_weights\nif args.init:\n    init_weights(model)\n", set()),
        # A helper loading a checkpoint into its parameter loads where it is called on every run.
        ("""
         import mindspore as ms
         def init_pretrained_weights(model, path):
             ms.load_param_into_net(model, ms.load_checkpoint(path))
         """, set()),
        ("""
         import mindspore as ms
         def init_pretrained_weights(model, path):
             ms.load_param_into_net(model, ms.load_checkpoint(path))
         init_pretrained_weights(net, path)
         """, weights.KEYS),
        # A helper's body on its parameter counts where the helper is called or applied, not where it is.
        ("""
         from mindspore import nn
         def weights_init(m):
             if isinstance(m, nn.Dense):
                 m.weight.set_data(w)
         """, set()),
        ("""
         from mindspore import nn
         def weights_init(m):
             if isinstance(m, nn.Dense):
                 m.weight.set_data(w)
         net.apply(weights_init)
         """, {DENSE_WEIGHT}),
        # A function that is no helper, given a network: its calls count for the program.
        ("from helpers import init_weights\ndef build(net):\n    init_weights(net)\n", weights.KEYS),
    ],
)
def test_what_code_sets(code, expected):
    import textwrap

    assert _sets(textwrap.dedent(code)) == frozenset(expected)


def test_a_layers_own_attributes_set_in_its_class():
    module = astroid.parse(
        """
        from mindspore import nn
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc = nn.Dense(2, 2)
                self.out = nn.Dense(2, 2)
                self.fc.weight.set_data(w)
                self.fc.bias.set_data(b)
        """
    )
    fc, out = [call for call in module.nodes_of_class(astroid.nodes.Call) if call.func.as_string() == "nn.Dense"]
    assert weights.set_on_instance(fc) == {"weight", "bias"}
    assert weights.set_on_instance(out) == frozenset()


def test_a_helper_given_one_layer_sets_that_layer_only():
    module = astroid.parse(
        """
        from mindspore import nn
        def init_linear_weights(m):
            m.weight.set_data(w)
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc = nn.Dense(2, 2)
                self.out = nn.Dense(2, 2)
                init_linear_weights(self.fc)
        """
    )
    calls = list(module.nodes_of_class(astroid.nodes.Call))
    fc, out = [call for call in calls if call.func.as_string() == "nn.Dense"]
    assert weights.set_on_instance(fc) == {"weight"}
    assert weights.set_on_instance(out) == frozenset()
    assert weights.sets_by_scope([call for call in calls if weights.may_set(call)]) == (frozenset(), frozenset(), frozenset())


MODEL = """
    from mindspore import nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 3)
            self.fc = nn.Dense(8, 2)

        def construct(self, x):
            return self.fc(self.conv(x).mean((2, 3)))
"""
INIT_EVERY_LAYER = """
    from mindspore import nn
    from mindspore.common.initializer import initializer, HeNormal

    def init_weights(net):
        for _, cell in net.cells_and_names():
            if isinstance(cell, (nn.Conv2d, nn.Dense)):
                cell.weight.set_data(initializer(HeNormal(), cell.weight.shape))
                if cell.bias is not None:
                    cell.bias.set_data(initializer("zeros", cell.bias.shape))
"""
TRAIN = """
    from mindspore.train import Model
    from model import Net
    {imports}

    def main(dataset):
        net = Net()
        {setting}
        Model(net, loss_fn=None, optimizer=None).train(1, dataset, dataset_sink_mode=True)

    if __name__ == "__main__":
        main(None)
"""
EVAL = """
    import mindspore as ms
    from model import Net

    if __name__ == "__main__":
        net = Net()
        ms.load_param_into_net(net, ms.load_checkpoint("net.ckpt"))
"""


def _project(tmp_path, train_imports, setting, **more):
    files = {
        "requirements.txt": "mindspore==1.8.1\n",
        "model.py": MODEL,
        "init.py": INIT_EVERY_LAYER,
        "train.py": TRAIN.format(imports=train_imports, setting=setting),
    }
    files.update(more)
    return write_project(tmp_path, files)


def _model_findings(project, *files):
    return [line for path, line, _, _ in project_findings(project, RULE, 1, *(files or ("model.py", "train.py", "init.py"))) if path == "model.py"]


def test_weights_a_helper_in_another_file_sets_are_not_reported(tmp_path):
    project = _project(tmp_path, "from init import init_weights", "init_weights(net)")
    assert _model_findings(project) == []


def test_weights_the_helper_does_not_set_are_reported(tmp_path):
    only_conv = INIT_EVERY_LAYER.replace("(nn.Conv2d, nn.Dense)", "nn.Conv2d")
    project = _project(tmp_path, "from init import init_weights", "init_weights(net)", **{"init.py": only_conv})
    assert _model_findings(project) == [8]  # the Dense; the Conv2d's weight is set


def test_a_checkpoint_loaded_before_training_sets_every_weight(tmp_path):
    setting = 'ms.load_param_into_net(net, ms.load_checkpoint("pretrained.ckpt"))'
    project = _project(tmp_path, "import mindspore as ms", setting)
    assert _model_findings(project) == []
    resumed = 'if args:\n            ms.load_param_into_net(net, ms.load_checkpoint("last.ckpt"))'
    project = _project(tmp_path / "resumed", "import mindspore as ms\n    args = None", resumed)
    assert _model_findings(project) == [7, 8]


def test_a_training_program_relying_on_the_defaults_is_enough(tmp_path):
    # eval.py loads a checkpoint into the same network; train.py initialises it by default.
    project = _project(tmp_path, "", "pass", **{"eval.py": EVAL})
    assert _model_findings(project, "model.py", "train.py", "init.py", "eval.py") == [7, 8]
    only_eval = write_project(tmp_path / "only_eval", {"requirements.txt": "mindspore==1.8.1\n", "model.py": MODEL, "eval.py": EVAL})
    assert _model_findings(only_eval, "model.py", "eval.py") == []


def test_each_file_alone_gets_the_projects_findings(tmp_path):
    only_conv = INIT_EVERY_LAYER.replace("(nn.Conv2d, nn.Dense)", "nn.Conv2d")
    project = _project(tmp_path, "from init import init_weights", "init_weights(net)", **{"init.py": only_conv, "eval.py": EVAL})
    whole = project_findings(project, RULE, 1, "model.py", "train.py", "init.py", "eval.py")
    assert [(path, line) for path, line, _, _ in whole] == [("model.py", 8)]
    assert findings_file_by_file(project, RULE) == whole


def test_a_cell_setting_its_own_layers_does_not_set_another_model_s(tmp_path):
    model_a = """
        from mindspore import nn
        from models.blocks import Block

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.block = Block()
                self.fc = nn.Dense(8, 2)
                for _, cell in self.cells_and_names():
                    if isinstance(cell, (nn.Conv2d, nn.Dense)):
                        cell.weight.set_data(initializer("normal", cell.weight.shape))
                        cell.bias.set_data(initializer("zeros", cell.bias.shape))
    """
    project = write_project(
        tmp_path,
        {
            "requirements.txt": "mindspore==1.8.1\n",
            "models/__init__.py": "from models.model_a import Net as NetA\nfrom models.model_b import Net as NetB\n",
            "models/model_a.py": model_a,
            "models/blocks.py": "from mindspore import nn\n\nclass Block(nn.Cell):\n    def __init__(self):\n        super().__init__()\n        self.conv = nn.Conv2d(3, 3, 1)\n",
            "models/model_b.py": MODEL,
            "train.py": "from models import NetA, NetB\n\nif __name__ == '__main__':\n    print(NetA(), NetB())\n",
        },
    )
    found = project_findings(project, RULE, 1, "train.py", "models")
    # model_a's loop sets its own layers and those of the blocks it imports, not model_b's.
    assert [(path, line) for path, line, _, _ in found] == [("models/model_b.py", 7), ("models/model_b.py", 8)]


def test_a_checkpoint_loaded_into_a_backbone_sets_the_backbone_s_layers_only(tmp_path):
    backbone = """
        from mindspore import nn

        class ResNet(nn.Cell):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 3)

        def resnet50():
            return ResNet()
    """
    detector = """
        import mindspore as ms
        from mindspore import nn
        from backbone import resnet50

        class Detector(nn.Cell):
            def __init__(self):
                super().__init__()
                net = resnet50()
                ms.load_param_into_net(net, ms.load_checkpoint("resnet50.ckpt"))
                self.backbone = net
                self.head = nn.Conv2d(8, 2, 1)
    """
    project = write_project(
        tmp_path,
        {"requirements.txt": "mindspore==1.8.1\n", "backbone.py": backbone, "detector.py": detector,
         "train.py": "from detector import Detector\n\nif __name__ == '__main__':\n    Detector()\n"},
    )
    found = project_findings(project, RULE, 1, "backbone.py", "detector.py", "train.py")
    assert [(path, line) for path, line, _, _ in found] == [("detector.py", 12)]
    assert findings_file_by_file(project, RULE) == found
