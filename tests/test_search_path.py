"""The folders a script adds to sys.path, worked out from __file__."""

import astroid
import pytest

from ms_lint.files import normalized
from ms_lint.semantics.names import search_path


@pytest.mark.parametrize(
    "added, expected",
    [
        ('os.path.join(os.path.dirname(__file__), "..")', "model"),
        ("os.path.dirname(os.path.dirname(os.path.abspath(__file__)))", "model"),
        ("str(Path(__file__).resolve().parents[1])", "model"),
        ("str(Path(__file__).parent)", "model/scripts"),
        ('osp.join(osp.dirname(osp.realpath(__file__)), "../..")', ""),
        ("ROOT", "model"),
        ('Path(__file__).parent / ".."', "model"),
        # Not the script's folder nor one above it, or not worked out from __file__.
        ('os.path.join(ROOT, "src")', None),
        ('".."', None),
        ("os.getcwd()", None),
        ("os.path.dirname(path)", None),
    ],
)
def test_a_folder_at_or_above_the_script_computed_from_file_counts(tmp_path, added, expected):
    script = tmp_path / "model" / "scripts" / "train.py"
    script.parent.mkdir(parents=True)
    code = (
        "import os\nimport os.path as osp\nimport sys\nfrom pathlib import Path\n"
        "ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))\n"
        f"def add(path):\n    sys.path.insert(0, {added})\n"
    )
    script.write_text(code)
    module = astroid.MANAGER.ast_from_file(str(script), "train")
    found = search_path.inserted_folders(module)
    assert found == (() if expected is None else (normalized(str(tmp_path / expected)),))


def test_a_name_bound_to_file_by_the_code_is_not_the_module_s_file(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import os\nimport sys\n__file__ = '/elsewhere/x.py'\nsys.path.append(os.path.dirname(__file__))\n")
    assert search_path.inserted_folders(astroid.MANAGER.ast_from_file(str(script), "train")) == ()


def test_the_scan_looks_above_a_file_whose_text_adds_to_sys_path():
    assert search_path.ADDS_TO_SYS_PATH.search("sys.path.insert(0, ROOT)")
    assert search_path.ADDS_TO_SYS_PATH.search("sys.path .append(\n  x)")
    assert search_path.ADDS_TO_SYS_PATH.search("sys.path \\\n    .insert(0, x)")
    assert not search_path.ADDS_TO_SYS_PATH.search("os.path.join(a, b)")


@pytest.mark.parametrize(
    "imports, path",
    [
        ("from sys import path as search", "search"),
        ("import sys as system", "system.path"),
        ("import os, sys.path", "sys.path"),
        ("from sys import *", "path"),
    ],
)
def test_sys_path_under_any_import_of_sys_counts(tmp_path, imports, path):
    script = tmp_path / "train.py"
    script.write_text(f"import os\n{imports}\n{path}.insert(0, os.path.dirname(__file__))\n")
    found = search_path.inserted_folders(astroid.MANAGER.ast_from_file(str(script), "train"))
    assert found == (normalized(str(tmp_path)),)
