"""A file linted alone gets the findings of its whole project: the project's root, its files, and
the import scan that finds which of them share a program with the linted files."""

import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import astroid
import pytest

from lint import REPO, RULES, run_pylint, write_project
from ms_lint.semantics.names import import_text
from ms_lint.semantics.program import fact_trees, facts, forked, stored_facts, workspace


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


def test_a_parsed_file_is_parsed_again_only_when_it_or_a_file_its_facts_read_changes(tmp_path, monkeypatch):
    """A server lints the same file again and again: the project's other files are parsed again
    only when their facts may have changed."""
    write_project(
        tmp_path,
        {
            "pyproject.toml": "",
            "ws_util.py": "import mindspore as ms\n\ndef seed_all(seed):\n    ms.set_seed(seed)\n",
            "ws_data.py": "X = 1\n",
            "ws_pkg/__init__.py": "",
            "ws_net.py": "import mindspore.nn as nn\n\nclass Net(nn.Cell):\n    def construct(self, x):\n        return x\n",
            "ws_train.py": (
                "import ws_data\nfrom ws_util import seed_all\nfrom ws_pkg.later import seed_more\nfrom ws_net import Net\n\n"
                "if __name__ == '__main__':\n    seed_all(1)\n    seed_more(2)\n    Net()\n"
            ),
        },
    )
    parsed = []

    def parse(item):
        found = real_parse(item)
        parsed.append((Path(item.path).relative_to(tmp_path).as_posix(), found.facts.facts.seeds))
        return found

    real_parse = workspace._parse
    monkeypatch.setattr(workspace, "_parse", parse)

    def lint_net():
        parsed.clear()
        run_pylint([tmp_path / "ws_net.py"])
        return sorted(parsed)

    first = lint_net()
    assert [name for name, _ in first] == ["ws_data.py", "ws_pkg/__init__.py", "ws_train.py", "ws_util.py"]
    assert dict(first)["ws_train.py"] == {"set_seed", "seed-helper"}  # seed_more is not found: a helper
    assert lint_net() == []  # nothing changed
    # ws_train.py's facts read ws_util.py (what seed_all does): both are read again.
    (tmp_path / "ws_util.py").write_text("def seed_all(seed):\n    return seed\n", encoding="utf-8")
    assert lint_net() == [("ws_train.py", {"seed-helper"}), ("ws_util.py", frozenset())]
    # No file's facts read ws_data.py: only it is read again.
    (tmp_path / "ws_data.py").write_text("X = 2\n", encoding="utf-8")
    assert lint_net() == [("ws_data.py", frozenset())]
    # Star imports put another module's names into a module as astroid builds it: a name that
    # appears in a module star-imported from one star-imported by ws_train.py counts.
    (tmp_path / "ws_names.py").write_text("Y = 1\n", encoding="utf-8")
    (tmp_path / "ws_data.py").write_text("from ws_names import *\n", encoding="utf-8")
    (tmp_path / "ws_train.py").write_text(
        "from ws_data import *\n" + (tmp_path / "ws_train.py").read_text() + "    seed_again(3)\n", encoding="utf-8"
    )
    assert [name for name, _ in lint_net()] == ["ws_data.py", "ws_names.py", "ws_train.py"]
    (tmp_path / "ws_names.py").write_text("import mindspore as ms\n\ndef seed_again(seed):\n    ms.set_seed(seed)\n")
    assert lint_net() == [
        ("ws_data.py", frozenset()), ("ws_names.py", frozenset()), ("ws_train.py", {"set_seed", "seed-helper"})
    ]
    # The module ws_train.py looked for in vain appears: ws_train.py is read again (what it then
    # finds is astroid's to say: it remembers its file system lookups for the process).
    (tmp_path / "ws_pkg" / "later.py").write_text("def seed_more(seed):\n    return seed\n", encoding="utf-8")
    assert [name for name, _ in lint_net()] == ["ws_pkg/later.py", "ws_train.py"]


def _fresh_process(monkeypatch):
    """Forget what this process read of the projects' files, as a new process would."""
    monkeypatch.setattr(workspace, "_scans", {})
    monkeypatch.setattr(workspace, "_parsed_facts", {})
    monkeypatch.setattr(workspace, "_restored", set())
    # Nor has astroid found or parsed the modules of earlier tests' projects, which share these names.
    astroid.MANAGER.clear_cache()


def _seeded_project(root: Path) -> Path:
    return write_project(
        root,
        {
            "pyproject.toml": "",
            "st_util.py": "import mindspore as ms\n\ndef seed_all(seed):\n    ms.set_seed(seed)\n",
            "st_data.py": "X = 1\n",
            "st_net.py": "import mindspore.nn as nn\n\nclass Net(nn.Cell):\n    def construct(self, x):\n        return x\n",
            "st_train.py": "import st_data\nfrom st_util import seed_all\nfrom st_net import Net\n\nif __name__ == '__main__':\n    seed_all(1)\n    Net()\n",
        },
    )


def _counting_parses(monkeypatch) -> list:
    parsed = []
    real_parse = workspace._parse

    def parse(item):
        parsed.append(Path(item.path).name)
        return real_parse(item)

    monkeypatch.setattr(workspace, "_parse", parse)
    return parsed


def test_the_next_process_reads_again_only_the_files_that_changed(tmp_path, monkeypatch):
    project_dir = _seeded_project(tmp_path / "project")
    monkeypatch.setattr(stored_facts, "directory", lambda: tmp_path / "cache")
    parsed = _counting_parses(monkeypatch)
    _fresh_process(monkeypatch)
    first = _keyed(run_pylint([project_dir / "st_net.py"]))
    assert sorted(parsed) == ["st_data.py", "st_train.py", "st_util.py"]
    assert [path.name for path in (tmp_path / "cache").iterdir()] == [stored_facts._path(str(project_dir)).name]

    parsed.clear()
    _fresh_process(monkeypatch)
    read_file = import_text.read
    monkeypatch.setattr(import_text, "read", lambda path: pytest.fail(f"{path} read again"))  # scans are stored too
    assert _keyed(run_pylint([project_dir / "st_net.py"])) == first
    assert parsed == []

    (project_dir / "st_util.py").write_text("def seed_all(seed):\n    return seed\n", encoding="utf-8")
    monkeypatch.setattr(import_text, "read", read_file)
    _fresh_process(monkeypatch)
    run_pylint([project_dir / "st_net.py"])
    assert sorted(parsed) == ["st_train.py", "st_util.py"]  # st_train.py's facts read st_util.py


def test_a_damaged_store_is_read_as_none_and_written_again(tmp_path, monkeypatch):
    project_dir = _seeded_project(tmp_path / "project")
    monkeypatch.setattr(stored_facts, "directory", lambda: tmp_path / "cache")
    store = stored_facts._path(str(project_dir))
    store.parent.mkdir()
    store.write_bytes(b"not a store")
    parsed = _counting_parses(monkeypatch)
    _fresh_process(monkeypatch)
    run_pylint([project_dir / "st_net.py"])
    assert sorted(parsed) == ["st_data.py", "st_train.py", "st_util.py"]
    assert stored_facts.load(str(project_dir))[1]  # written again, whole: nothing else is left there
    assert [path.name for path in store.parent.iterdir()] == [store.name]


def test_no_store_is_read_or_written_with_the_cache_off(tmp_path, monkeypatch):
    project_dir = _seeded_project(tmp_path / "project")
    monkeypatch.setattr(stored_facts, "directory", lambda: tmp_path / "cache")
    parsed = _counting_parses(monkeypatch)
    for _ in range(2):
        _fresh_process(monkeypatch)
        run_pylint([project_dir / "st_net.py"], "--mindspore-cache=n")
    assert sorted(parsed) == sorted(["st_data.py", "st_train.py", "st_util.py"] * 2)
    assert not (tmp_path / "cache").exists()


def test_files_linted_alone_in_turn_keep_each_others_facts(tmp_path, monkeypatch):
    """A pre-commit run lints one file, the next another: neither drops what the other stored."""
    project_dir = _seeded_project(tmp_path / "project")
    monkeypatch.setattr(stored_facts, "directory", lambda: tmp_path / "cache")
    parsed = _counting_parses(monkeypatch)
    for linted, expected in (
        ("st_net.py", ["st_data.py", "st_train.py", "st_util.py"]),
        ("st_train.py", ["st_net.py"]),
        ("st_net.py", []),
    ):
        parsed.clear()
        _fresh_process(monkeypatch)
        run_pylint([project_dir / linted])
        assert sorted(parsed) == expected, linted


def _large_project(root: Path) -> Path:
    """A training script over enough modules to parse them in forked workers."""
    modules = {f"lp_pkg/layer_{index}.py": f"import mindspore.nn as nn\n\nclass Layer{index}(nn.Cell):\n    def construct(self, x):\n        return x\n" for index in range(3 * forked.PER_WORKER)}
    imports = "".join(f"from lp_pkg.layer_{index} import Layer{index}\n" for index in range(3 * forked.PER_WORKER))
    return write_project(
        root,
        {
            "pyproject.toml": "",
            "lp_pkg/__init__.py": "",
            **modules,
            "lp_pkg/seeding.py": "import mindspore as ms\n\ndef seed_all(seed):\n    ms.set_seed(seed)\n",
            "lp_net.py": (
                "import mindspore.nn as nn\n\nclass Net(nn.Cell):\n    def construct(self, x):\n"
                "        try:\n            y = x\n        except ValueError:\n            y = x\n        return y\n"
            ),
            "lp_train.py": (
                "import mindspore as ms\nfrom lp_pkg.seeding import seed_all\nfrom lp_net import Net\n" + imports
                + "\nms.set_context(mode=ms.GRAPH_MODE)\n\nif __name__ == '__main__':\n    seed_all(1)\n    Net()\n"
            ),
        },
    )


def test_files_parsed_in_forked_workers_give_the_facts_and_findings_of_a_parse_in_this_process(tmp_path, monkeypatch):
    project_dir = _large_project(tmp_path)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    used = []
    real_map = forked.map_in_workers

    def recording_map(function, items):
        found = real_map(function, items)
        used.append(found is not None)
        return found

    monkeypatch.setattr(forked, "map_in_workers", recording_map)
    parsed_here = []  # the parses of this process: a worker's are its own
    real_facts_of_file = fact_trees.facts_of_file

    def facts_of_file(path, name):
        parsed_here.append(name)
        return real_facts_of_file(path, name)

    monkeypatch.setattr(fact_trees, "facts_of_file", facts_of_file)
    runs = {}
    for workers in ("forked", "this process"):
        if workers == "this process":
            monkeypatch.setattr(forked, "worker_count", lambda items: 1)
        _fresh_process(monkeypatch)
        parsed_here.clear()
        findings = _keyed(run_pylint([project_dir / "lp_net.py"], "--mindspore-cache=n"))
        runs[workers] = (findings, {key: (known.facts, set(known.read), known.missing) for key, known in workspace._parsed_facts.items()})
        if workers == "forked" and sys.platform.startswith("linux"):
            assert used == [True] and parsed_here == []
    assert len(runs["forked"][1]) == 3 * forked.PER_WORKER + 2  # the layers, seeding.py and lp_train.py
    assert {symbol for *_, symbol, _, _ in runs["forked"][0]} == {"graph-unsupported-syntax"}
    assert runs["forked"] == runs["this process"]


def test_the_stores_code_stamp_follows_the_sources_and_nothing_else(tmp_path):
    """A store written by other ms_lint sources is not read: their stamp differs."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "rules" / "rule.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "table.json").write_text("{}", encoding="utf-8")
    first = stored_facts.sources_stamp(str(tmp_path), "salt")
    assert stored_facts.sources_stamp(str(tmp_path), "salt") == first
    assert stored_facts.sources_stamp(str(tmp_path), "another Python") != first
    (tmp_path / "__pycache__" / "rule.py").write_text("compiled", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not code", encoding="utf-8")
    assert stored_facts.sources_stamp(str(tmp_path), "salt") == first
    (tmp_path / "rules" / "rule.py").write_text("x = 22\n", encoding="utf-8")
    changed = stored_facts.sources_stamp(str(tmp_path), "salt")
    assert changed != first
    (tmp_path / "table.json").write_text("[1]", encoding="utf-8")  # sizes differ: times may not, so close together
    assert stored_facts.sources_stamp(str(tmp_path), "salt") != changed
