"""A parameter holds what every call of its function in its module passes, unless another module calls it."""

from __future__ import annotations

from pathlib import Path

from lint import findings_file_by_file, project_findings, write_project

METHOD = "pytorch-method-on-cell-or-tensor"


HELPERS = """
    from mindspore import nn


    def predict(net, data):
        net.eval()
        return net(data)


    def demo():
        return predict(nn.Dense(2, 2), None)
"""


def _parameter_project(root: Path, caller: str) -> Path:
    return write_project(
        root,
        {
            "pkg/__init__.py": "",
            "pkg/helpers.py": HELPERS,
            "main.py": f"from pkg import helpers\n\n\nif __name__ == '__main__':\n    {caller}\n",
            "unrelated.py": "def predict(data):\n    return data\n\n\npredict(None)\n",
        },
    )


def test_a_parameter_is_the_cell_its_module_passes_unless_an_importer_calls_the_function(tmp_path):
    # main.py only builds the demo: helpers' own call proves net a Cell.
    project = _parameter_project(tmp_path / "demo", "helpers.demo()")
    whole = project_findings(project, METHOD, 1, ".")
    assert [(path, line) for path, line, _, _ in whole] == [("pkg/helpers.py", 6)]
    assert findings_file_by_file(project, METHOD) == whole
    assert project_findings(project, METHOD, 2, ".") == whole
    # main.py calls predict with anything: helpers' calls are not all of them (unrelated.py's
    # namesake does not import helpers and does not count).
    project = _parameter_project(tmp_path / "called", "helpers.predict(object(), None)")
    assert project_findings(project, METHOD, 1, ".") == []
    assert findings_file_by_file(project, METHOD) == []


EVALUATE = """
    import mindspore.dataset as ds
    from mindspore.train import Model


    def validate(model, data):
        return model.eval(data)


    def demo(net, path):
        validate(Model(net), ds.Cifar10Dataset(path).batch(32, drop_remainder=True))
"""


def test_evaluation_data_reaching_a_model_parameter_is_reported_unless_an_importer_calls_the_function(tmp_path):
    rule = "eval-dataset-drop-remainder"
    files = {"pkg/__init__.py": "", "pkg/evaluate.py": EVALUATE}
    project = write_project(tmp_path / "demo", {**files, "main.py": "from pkg import evaluate\n\nevaluate.demo(None, '')\n"})
    whole = project_findings(project, rule, 1, ".")
    assert [(path, line) for path, line, _, _ in whole] == [("pkg/evaluate.py", 11)]
    assert findings_file_by_file(project, rule) == whole
    called = write_project(tmp_path / "called", {**files, "main.py": "from pkg.evaluate import validate\n\nvalidate(None, [])\n"})
    assert project_findings(called, rule, 1, ".") == []
    assert findings_file_by_file(called, rule) == []


LENET = """
    import mindspore.dataset as ds


    def create_dataset(path, batch_size):
        return ds.MnistDataset(path).batch(batch_size, drop_remainder=True)


    def evaluate(model, path, batch_size):
        return model.eval(create_dataset(path, batch_size))


    def fit(model, data):
        model.train(2, data, sink_size=100)
"""

TRAIN = """
    from mindspore import nn
    from mindspore.train import Model

    from pkg.lenet import evaluate, fit

    net = nn.Dense(2, 2)
    model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    fit(model, None)
    evaluate(model, "data", 32)
"""


IMPORTS = "from mindspore import nn\nfrom pkg.lenet import evaluate, fit\n\n"


def test_a_model_parameter_of_a_function_only_other_modules_call_is_what_they_all_pass(tmp_path):
    rules = "eval-dataset-drop-remainder,dataset-sink-size-ignored"
    files = {"pkg/__init__.py": "", "pkg/lenet.py": LENET}
    project = write_project(tmp_path / "models", {**files, "train.py": TRAIN})
    whole = project_findings(project, rules, 1, ".")
    assert [(path, line, symbol) for path, line, symbol, _ in whole] == [
        ("pkg/lenet.py", 6, "eval-dataset-drop-remainder"),
        ("pkg/lenet.py", 14, "dataset-sink-size-ignored"),
    ]
    assert findings_file_by_file(project, rules) == whole
    assert project_findings(project, rules, 2, ".") == whole
    # Another module passes a Cell, or what its own caller gives: not every call passes a Model.
    for caller in ("evaluate(nn.Dense(2, 2), 'data', 32)\nfit(nn.Dense(2, 2), None)\n", "def run(m):\n    evaluate(m, '', 8)\n    fit(m, [])\n"):
        mixed = write_project(tmp_path / f"mixed{len(caller)}", {**files, "train.py": TRAIN, "other.py": IMPORTS + caller})
        assert project_findings(mixed, rules, 1, ".") == []
        assert findings_file_by_file(mixed, rules) == []


SHARDING_HELPERS = """
    import mindspore.dataset as ds


    def fit(model, path):
        model.train(1, ds.Cifar10Dataset(path).batch(32))
"""

DATA_PARALLEL = """
    from mindspore import nn, set_auto_parallel_context, ParallelMode
    from mindspore.communication import init
    from mindspore.train import Model

    from pkg.helpers import fit

    init()
    set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL)
    net = nn.Dense(2, 2)
    fit({model}, "data")
"""


def test_a_model_from_the_importers_trains_on_unsharded_data(tmp_path):
    rule = "distributed-dataset-not-sharded"
    files = {"pkg/__init__.py": "", "pkg/helpers.py": SHARDING_HELPERS}
    model = "Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))"
    project = write_project(tmp_path / "model", {**files, "train.py": DATA_PARALLEL.format(model=model)})
    whole = project_findings(project, rule, 1, ".")
    assert [(path, line) for path, line, _, _ in whole] == [("pkg/helpers.py", 6)]
    assert findings_file_by_file(project, rule) == whole
    cell = write_project(tmp_path / "cell", {**files, "train.py": DATA_PARALLEL.format(model="net")})
    assert project_findings(cell, rule, 1, ".") == []


SCRIPT_ADDING_ITS_PARENT = """
    import os
    import sys

    from mindspore import nn
    from mindspore.train import Model

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


    def main():
        from pkg.lenet import evaluate, fit

        net = nn.Dense(2, 2)
        model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9))
        fit(model, None)
        evaluate(model, "data", 32)
"""


def test_the_importers_of_a_function_include_scripts_that_find_it_through_sys_path(tmp_path):
    # ``pkg`` is found from neither the script's folder, its source root, the working directory nor
    # the folders pylint adds to sys.path: only through the folder the script adds.
    rules = "eval-dataset-drop-remainder,dataset-sink-size-ignored"
    project = write_project(
        tmp_path,
        {
            "zoo/__init__.py": "",
            "zoo/lenet_demo/__init__.py": "",
            "zoo/lenet_demo/pkg/__init__.py": "",
            "zoo/lenet_demo/pkg/lenet.py": LENET,
            "zoo/lenet_demo/scripts/run.py": SCRIPT_ADDING_ITS_PARENT,
        },
    )
    whole = project_findings(project, rules, 1, ".")
    assert [(path, line, symbol) for path, line, symbol, _ in whole] == [
        ("zoo/lenet_demo/pkg/lenet.py", 6, "eval-dataset-drop-remainder"),
        ("zoo/lenet_demo/pkg/lenet.py", 14, "dataset-sink-size-ignored"),
    ]
    assert findings_file_by_file(project, rules) == whole


def test_a_module_named_like_the_importers_marker_is_a_module_like_any_other(tmp_path):
    rule = "eval-dataset-drop-remainder"
    project = write_project(tmp_path, {"importers.py": EVALUATE, "main.py": "import importers\n\nimporters.demo(None, '')\n"})
    assert [(path, line) for path, line, _, _ in project_findings(project, rule, 1, ".")] == [("importers.py", 11)]
