"""Whether an import may bind a function that calls a PyTorch method of a parameter, read from the
text of the modules it reaches (ms_lint.semantics.program.receiving_imports)."""

import textwrap

import astroid
import pytest

from lint import REPO, write_project
from ms_lint.semantics.names import import_text, memo, module_trees
from ms_lint.semantics.program import importer_calls, receiving_imports

IMPL = """
    from mindspore import nn


    class Net(nn.Cell):
        def construct(self, x):
            return x


    def predict(net, ids):
        net.eval()
        return net(ids)


    def build():
        return Net()
"""


def _python_files():
    for folder in ("rules", "tests/functional", "ms_lint/semantics"):
        yield from sorted((REPO / folder).rglob("*.py"))


def test_the_text_finds_every_function_the_tree_shows():
    """A superset, never less: a function the text misses would hide what its importers pass."""
    for path in _python_files():
        try:
            module = astroid.MANAGER.ast_from_file(str(path), source=True)
        except astroid.AstroidBuildingError:
            continue
        memo.new_run()
        shown = {function.name for function in importer_calls.receiving_parameters(module)}
        assert shown <= receiving_imports._defined(str(path)), path
        assert shown <= receiving_imports._receiving(str(path)), path


def _may_bind(tmp_path, files, importing):
    """What ``may_bind`` answers for each name the last line of ``train.py`` imports, and the modules
    of the package whose trees were built to answer it."""
    write_project(tmp_path, {**files, "train.py": importing})
    memo.new_run()
    for name in [name for name in astroid.MANAGER.astroid_cache if name.startswith("pkg")]:
        del astroid.MANAGER.astroid_cache[name]
    module = astroid.MANAGER.ast_from_file(str(tmp_path / "train.py"), "train", source=True)
    statement = module.body[-1]
    answers = [receiving_imports.may_bind(statement, alias or name.partition(".")[0], module) for name, alias in statement.names]
    return answers, sorted(name for name in astroid.MANAGER.astroid_cache if name.startswith("pkg"))


@pytest.mark.parametrize(
    "package, importing, expected",
    [
        ({"pkg/__init__.py": "from .impl import Net, build\n"}, "from pkg import Net, build\n", [False, False]),
        ({"pkg/__init__.py": "from .impl import predict\n"}, "from pkg import predict\n", [True]),
        ({"pkg/__init__.py": "from pkg.impl import *\n"}, "from pkg import predict, build\n", [True, False]),
        ({"pkg/__init__.py": "from . import impl\nrun = impl.build\n"}, "from pkg import run\n", [True]),
        ({"pkg/__init__.py": "import pkg.impl as impl\n"}, "from pkg import impl\n", [True]),
        ({"pkg/__init__.py": ""}, "from pkg import impl\n", [True]),
        ({"pkg/__init__.py": ""}, "import pkg.impl as impl\n", [True]),
        ({"pkg/__init__.py": ""}, "from pkg.impl import build, predict\n", [False, True]),
        ({"pkg/__init__.py": "from collections import OrderedDict\n"}, "from pkg import OrderedDict\n", [False]),
    ],
    ids=["re-exported", "re-exported-function", "star", "alias", "module-alias", "submodule", "import-as", "direct", "library"],
)
def test_what_the_text_of_an_import_may_bind(tmp_path, package, importing, expected):
    answers, built = _may_bind(tmp_path, {**package, "pkg/impl.py": textwrap.dedent(IMPL)}, importing)
    assert answers == expected
    assert built == []  # read from the text alone


def test_a_module_whose_functions_call_no_pytorch_method_of_a_parameter(tmp_path):
    impl = "def predict(net, ids):\n    return net(ids)\n\n\ndef evaluate():\n    net = make()\n    net.eval()\n"
    answers, _ = _may_bind(tmp_path, {"pkg/__init__.py": "", "pkg/impl.py": impl}, "from pkg import impl\n")
    assert answers == [False]


def _train_module(tmp_path, importing, prebuilt):
    """``train.py`` of a project with ``pkg/impl.py``, its package's trees built first or not."""
    write_project(tmp_path, {"pkg/__init__.py": "", "pkg/impl.py": textwrap.dedent(IMPL), "train.py": importing})
    memo.new_run()
    module_trees.register()
    module_trees.every_linted_tree_first(True)  # as the checkers' open() says it with -j 1
    for name in [name for name in astroid.MANAGER.astroid_cache if name.startswith("pkg")]:
        del astroid.MANAGER.astroid_cache[name]
    if prebuilt:  # as pylint with -j 1 builds every linted file's tree before checking the first
        for path, name in (("pkg/__init__.py", "pkg"), ("pkg/impl.py", "pkg.impl")):
            astroid.MANAGER.ast_from_file(str(tmp_path / path), name, source=True)
    return astroid.MANAGER.ast_from_file(str(tmp_path / "train.py"), "train", source=True)


def test_a_built_tree_answers_without_reading_the_text(tmp_path, monkeypatch):
    module = _train_module(tmp_path, "from pkg.impl import build\n", prebuilt=True)
    monkeypatch.setattr(import_text, "read", lambda path: pytest.fail(f"read the text of {path}"))
    assert receiving_imports.may_bind(module.body[-1], "build", module) is True


@pytest.mark.parametrize(
    "importing",
    [
        "from mindspore import nn\nfrom pkg.impl import predict, build\npredict(nn.Dense(2, 2), 1)\nbuild()\n",
        "from mindspore import nn\nfrom pkg import impl\nimpl.predict(nn.Dense(2, 2), 1)\n",
        "import pkg.impl as impl\nimpl.predict(impl.build(), 1)\n",
    ],
    ids=["from-import", "submodule", "import-as"],
)
def test_what_a_module_passes_is_the_same_with_the_trees_built_or_not(tmp_path, importing):
    answers = []
    for prebuilt in (False, True):
        module = _train_module(tmp_path, importing, prebuilt)
        answers.append(importer_calls.passed(module))
    assert answers[0] == answers[1] and answers[0]


def test_a_worker_reads_the_text_even_of_a_built_module(tmp_path, monkeypatch):
    """A ``-j N`` worker holds some trees only: the modules an import of a built one leads to may not be."""
    module = _train_module(tmp_path, "from pkg.impl import build\n", prebuilt=True)
    read = []
    monkeypatch.setattr(import_text, "read", lambda path, original=import_text.read: read.append(path) or original(path))
    module_trees.every_linted_tree_first(False)
    try:
        assert receiving_imports.may_bind(module.body[-1], "build", module) is False
    finally:
        module_trees.every_linted_tree_first(True)
    assert read


def test_trees_are_known_as_built_after_astroid_clears_its_cache(tmp_path):
    """``MANAGER.clear_cache()`` (the fix engine's, before it lints the fixed text) drops every transform."""
    module_trees.register()
    astroid.MANAGER.clear_cache()
    _train_module(tmp_path, "from pkg.impl import build\n", prebuilt=True)  # registers again, as open() does
    assert module_trees.built(str(tmp_path / "pkg" / "impl.py"), "pkg.impl")
