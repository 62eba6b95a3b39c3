"""A file linted alone gets the findings of its whole project: the project's root, its files, and
the import scan that finds which of them share a program with the linted files."""

import re
from pathlib import Path
from types import SimpleNamespace

import astroid
import pytest

from lint import REPO, RULES, run_pylint, write_project
from ms_lint.semantics import facts, workspace


def _python_files():
    return sorted([*RULES.rglob("*.py"), *(REPO / "tests" / "functional").rglob("*.py"), *(REPO / "ms_lint").rglob("*.py")])


def test_the_import_scan_finds_every_import_the_facts_record():
    """The scan may add names (strings, comments), never miss one: a file it reads can only join more programs."""
    for path in _python_files():
        text = path.read_text(encoding="utf-8")
        name = workspace.module_name(str(path))
        try:
            module = astroid.parse(text, module_name=name, path=str(path))
        except astroid.AstroidSyntaxError:
            continue
        module.package = path.name == "__init__.py"
        recorded = facts.module_facts(module).imports
        assert recorded <= workspace.scanned_imports(text, name, module.package), path


@pytest.mark.parametrize(
    "text, names",
    [
        ("import a.b as c, d\n", {"a.b", "d"}),
        ("from .sub import (x,  # one\n    y as z)\n", {"pkg.sub", "pkg.sub.x", "pkg.sub.y"}),
        ("from ..other import x\n", {"other", "other.x"}),
        ("from ... import too_far\n", set()),
        ("import a; import b\n", {"a", "b"}),
        ("from a import \\\n    b\n", {"a", "a.b"}),
        ("from a import *\n", {"a"}),
    ],
)
def test_the_import_scan_reads_the_forms_of_import(text, names):
    assert workspace.scanned_imports(text, "pkg.mod", False) == frozenset(names)


def test_the_root_is_the_nearest_directory_with_a_project_marker(tmp_path):
    write_project(tmp_path, {"repo/pyproject.toml": "", "repo/src/pkg/__init__.py": "", "repo/src/pkg/net.py": "", "loose/a/b.py": ""})
    assert workspace.root_of(str(tmp_path / "repo" / "src" / "pkg" / "net.py")) == str(tmp_path / "repo")
    # Without a marker, the directory the file's dotted name starts from.
    assert workspace.root_of(str(tmp_path / "loose" / "a" / "b.py")) == str(tmp_path / "loose" / "a")


def test_hidden_directories_virtual_environments_and_pylints_ignores_are_not_the_project(tmp_path):
    write_project(
        tmp_path,
        {
            "setup.py": "",
            "train.py": "",
            ".venv/lib/x.py": "",
            "env/pyvenv.cfg": "",
            "env/lib/y.py": "",
            "build/skip_me.py": "",
            "pkg/__pycache__/z.py": "",
        },
    )
    linter = _linter(["build"])
    found = workspace.project_files([_facts(tmp_path / "train.py")], linter)
    assert sorted(Path(path).relative_to(tmp_path).as_posix() for path in found) == ["setup.py", "train.py"]


def test_each_bundled_example_alone_gets_what_the_whole_folder_gives_it():
    whole = _keyed(run_pylint([RULES]))
    alone = set()
    for path in sorted(RULES.rglob("*.py")):
        rcfile = path.parent / "pylintrc"
        alone |= _keyed(run_pylint([path], rcfile=rcfile if rcfile.exists() else None))
    # The whole-folder run applies no example's pylintrc: compare the examples that have none.
    configured = {str(path.parent) for path in RULES.rglob("pylintrc")}
    assert {item for item in alone if str(Path(item[0]).parent) not in configured} == {
        item for item in whole if str(Path(item[0]).parent) not in configured
    }


def _keyed(messages):
    return {(str(Path(m.abspath).resolve()), m.line, m.column, m.symbol, m.confidence.name, m.msg) for m in messages}


def _facts(path: Path) -> facts.ModuleFacts:
    return facts.ModuleFacts(module=path.stem, imports=frozenset(), facts=facts.ProgramFacts(), path=str(path))


def _linter(ignore):
    """What the project's files ask of pylint's linter: its ignore options."""
    return SimpleNamespace(config=SimpleNamespace(ignore=ignore, ignore_patterns=[re.compile(r"^\.#")], ignore_paths=[]))
