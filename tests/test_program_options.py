"""Options read in one file and declared in another (ms_lint.semantics.names.options, through the program's facts)."""

import astroid

from lint import findings_file_by_file, project_findings, write_project
from ms_lint.semantics.names import options

RULE = "dataset-sink-size-ignored"
CONFIG = """
    import argparse

    def get_args():
        parser = argparse.ArgumentParser()
        parser.add_argument("--sink_size", type=int, default={default})
        return parser.parse_args()
"""
TRAIN = """
    from mindspore.train import Model
    from src.config import get_args

    if __name__ == "__main__":
        args = get_args()
        Model(None).train(10, None, dataset_sink_mode=False, sink_size=args.sink_size)
"""


def test_integer_defaults_of_argparse_options_and_config_classes():
    module = astroid.parse(
        'import argparse\np = argparse.ArgumentParser()\np.add_argument("--a-b", default=2 * 8)\n'
        'p.add_argument("--c", dest="d", default=-1)\np.add_argument("--e")\np.add_argument("--f", default="x")\n'
        "class Config:\n    steps = 5\n    name: str = 'n'\n"
    )
    assert options.integer_defaults(module) == {"a_b=16", "d=-1", "e=?", "steps=5"}
    assert options.defaults_of("a_b", frozenset({"a_b=16", "a_bc=1"})) == {"16"}


def test_a_sink_size_option_declared_in_another_file(tmp_path):
    project = write_project(tmp_path, {"src/__init__.py": "", "src/config.py": CONFIG.format(default=100), "train.py": TRAIN})
    found = project_findings(project, RULE, 1, "train.py", "src")
    assert found == [("train.py", 7, RULE, "HIGH")]
    assert findings_file_by_file(project, RULE) == found


def test_a_sink_size_option_that_defaults_to_the_whole_dataset(tmp_path):
    project = write_project(tmp_path, {"src/__init__.py": "", "src/config.py": CONFIG.format(default=-1), "train.py": TRAIN})
    assert project_findings(project, RULE, 1, "train.py", "src") == []


FIT = """
    from mindspore.train import Model

    def fit(model, dataset, steps=100):
        model.train(10, dataset, dataset_sink_mode=False, sink_size=steps)

    if __name__ == "__main__":
        fit(Model(None), None)
"""


def test_a_sink_size_parameter_another_module_passes_the_whole_dataset(tmp_path):
    alone = write_project(tmp_path / "alone", {"fit.py": FIT})
    assert project_findings(alone, RULE, 1, "fit.py") == [("fit.py", 5, RULE, "HIGH")]
    # Another module calls fit too: what its calls in its own module give steps is not all it gets.
    caller = "from mindspore.train import Model\nfrom fit import fit\n\nfit(Model(None), None, steps=-1)\n"
    shared = write_project(tmp_path / "shared", {"fit.py": FIT, "run.py": caller})
    assert project_findings(shared, RULE, 1, "fit.py", "run.py") == []
    assert findings_file_by_file(shared, RULE) == []
