"""A batch or sink size read from an option (``cfg.eval_batch_size``, ``self.cfg.sink_size``): the defaults
every module of the program declares for that name decide, whichever module declares them."""

from __future__ import annotations

from lint import findings_file_by_file, project_findings, run_pylint_json, write_project

DROP = "eval-dataset-drop-remainder"
SINK = "dataset-sink-size-ignored"

CONFIG = """
    class Config:
        eval_batch_size = {eval_batch_size}
        batch_size = 32
        sink_size = {sink_size}


    config = Config()
"""

DATASET = """
    import mindspore.dataset as ds


    def create_dataset(path, batch_size):
        return ds.Cifar10Dataset(path).batch(batch_size, drop_remainder=True)
"""

EVALUATE = """
    from mindspore import nn
    from mindspore.train import Model

    from src.config import Config, config
    from src.dataset import create_dataset


    class Evaluator:
        def __init__(self):
            self.cfg = Config()

        def run(self, path):
            model = Model(nn.Dense(2, 2))
            model.eval(create_dataset(path, self.cfg.eval_batch_size))
            model.train(1, create_dataset(path, config.batch_size), sink_size=self.cfg.sink_size)


    def main(path):
        Model(nn.Dense(2, 2)).eval(create_dataset(path, config.eval_batch_size))
"""


def _project(root, eval_batch_size, sink_size):
    return write_project(
        root,
        {
            "src/__init__.py": "",
            "src/config.py": CONFIG.format(eval_batch_size=eval_batch_size, sink_size=sink_size),
            "src/dataset.py": DATASET,
            "eval.py": EVALUATE,
        },
    )


def test_sizes_read_from_a_config_class_of_another_module(tmp_path):
    declared = _project(tmp_path / "declared", eval_batch_size=1, sink_size=-1)
    assert project_findings(declared, DROP, 1, ".") == []
    assert project_findings(declared, SINK, 1, ".") == []
    assert findings_file_by_file(declared, DROP) == findings_file_by_file(declared, SINK) == []

    larger = _project(tmp_path / "larger", eval_batch_size=16, sink_size=100)
    drops = project_findings(larger, DROP, 1, ".")
    assert [(path, line) for path, line, _, _ in drops] == [("eval.py", 15)]
    sinks = project_findings(larger, SINK, 1, ".")
    assert [(path, line) for path, line, _, _ in sinks] == [("eval.py", 16)]
    assert "instead of 100 steps" in _messages(larger, SINK)[0]
    assert findings_file_by_file(larger, DROP) == drops
    assert findings_file_by_file(larger, SINK) == sinks


def test_one_size_of_one_leaves_the_other_evidence(tmp_path):
    # Both evaluations batch in create_dataset: the first asks for a size declared 1, the second for 32.
    project = write_project(
        tmp_path / "mixed",
        {
            "src/__init__.py": "",
            "src/config.py": CONFIG.format(eval_batch_size=1, sink_size=-1),
            "src/dataset.py": DATASET,
            "eval.py": EVALUATE.replace("config.eval_batch_size", "config.batch_size"),
        },
    )
    found = project_findings(project, DROP, 1, ".")
    assert [(path, line) for path, line, _, _ in found] == [("eval.py", 15)]
    assert "Model.eval at line 20" in _messages(project, DROP)[0]
    assert findings_file_by_file(project, DROP) == found


def _messages(project, rule):
    return [message["message"] for message in run_pylint_json(["."], cwd=project, enable=rule)]
