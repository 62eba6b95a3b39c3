"""Whether a call may build a user Metric, read from the text of the modules its import reaches
(ms_lint.semantics.program.metric_imports over ms_lint.semantics.names.text_imports)."""

import astroid
import pytest

from lint import findings_file_by_file, project_findings, write_project
from ms_lint.semantics.names import memo, module_trees
from ms_lint.semantics.program import metric_imports

RULE = "metric-missing-method"
FILES = {
    "pkg/__init__.py": "from pkg import layers\nfrom .metrics import *\n",  # imports itself: a cycle
    "pkg/base.py": "from mindspore.train import Metric as MindSporeMetric\n\n\nclass Base(MindSporeMetric):\n    pass\n",
    "pkg/metrics.py": (
        "from .base import Base\n\n\nclass Accuracy(Base):\n    def clear(self):\n        pass\n\n"
        "    def update(self, *inputs):\n        pass\n"
    ),
    "pkg/layers.py": (
        "from mindspore import nn\nfrom pkg import layers\n\n\nclass Block(nn.Cell):\n    pass\n\n\n"
        "class Stack(layers.Block):\n    pass\n"
    ),
}
TRAIN = (
    "import pkg.metrics as metrics\nfrom pkg import Accuracy, layers\nfrom pkg.layers import Block\n\n"
    "Accuracy()\nmetrics.Accuracy()\nBlock()\nlayers.Stack()\n"
)


def _calls(tmp_path):
    write_project(tmp_path, {**FILES, "train.py": TRAIN})
    memo.new_run()
    module_trees.every_linted_tree_first(False)
    for name in [name for name in astroid.MANAGER.astroid_cache if name.startswith("pkg")]:
        del astroid.MANAGER.astroid_cache[name]
    module = astroid.MANAGER.ast_from_file(str(tmp_path / "train.py"), "train", source=True)
    return [statement.value for statement in module.body[3:]]


def test_only_a_class_whose_bases_lead_to_metric_may_be_one(tmp_path):
    try:
        answers = [metric_imports.may_build_a_metric(call) for call in _calls(tmp_path)]
    finally:
        module_trees.every_linted_tree_first(True)
    assert answers == [True, True, False, False]
    assert sorted(name for name in astroid.MANAGER.astroid_cache if name.startswith("pkg")) == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_metric_imported_through_a_package_is_reported(tmp_path, jobs):
    project = write_project(tmp_path, {**FILES, "train.py": TRAIN})
    expected = [("train.py", 5, RULE, "HIGH"), ("train.py", 6, RULE, "HIGH")]
    assert project_findings(project, RULE, jobs, *FILES, "train.py") == expected
    if jobs == 1:
        assert findings_file_by_file(project, RULE) == expected


def test_class_bases_read_from_the_text(tmp_path):
    """A base the text cannot follow is "opaque" (it may be a Metric): a call, a subscript, a comment
    among the bases, a line continuation; a keyword such as ``metaclass=`` is no base."""
    source = (
        "class A:\n    pass\nclass B(A, metaclass=ABCMeta):\n    pass\nclass C(nn . Cell):\n    pass\n"
        "class D(make(x)):\n    pass\nclass E(\n    A,  # the base\n    B):\n    pass\nclass F \\\n(A):\n    pass\n"
        "class G(Generic[T]):\n    pass\n"
    )
    path = tmp_path / "classes.py"
    path.write_text(source, encoding="utf-8")
    memo.new_run()
    opaque = metric_imports._OPAQUE
    assert metric_imports._classes(str(path)) == {
        "A": (),
        "B": ("A",),
        "C": ("nn.Cell",),
        "D": (opaque,),
        "E": ("A", opaque),
        "F": (opaque,),
        "G": (opaque,),
    }
