"""An import of the user's code reads the file its own program finds, or nothing: two programs of one
repository may each have a ``nets`` folder (with or without ``__init__.py``) holding a ``backbone.py``."""

from __future__ import annotations

import pytest

from lint import findings_file_by_file, project_findings, write_project

METHOD = "pytorch-method-on-cell-or-tensor"

TRAIN = """
    from {package}.backbone import build_backbone

    net = build_backbone()
    net.eval()
"""
CELL_BACKBONE = """
    from mindspore import nn


    def build_backbone():
        return nn.SequentialCell(nn.Dense(2, 2))
"""
# The classifier's own backbone is no Cell: its ``eval`` exists.
PLAIN_BACKBONE = """
    class Backbone:
        def eval(self):
            return self


    def build_backbone():
        return Backbone()
"""


def _two_programs(root, package, with_init):
    files = {
        f"detector/{package}/backbone.py": CELL_BACKBONE,
        "detector/train.py": TRAIN.format(package=package),
        f"classifier/{package}/backbone.py": PLAIN_BACKBONE,
        "classifier/train.py": TRAIN.format(package=package),
    }
    if with_init:
        files.update({f"detector/{package}/__init__.py": "", f"classifier/{package}/__init__.py": ""})
    return write_project(root, files)


DETECTOR_FINDING = ("detector/train.py", 5)


def _places(found):
    return [(path, line) for path, line, _, _ in found]


@pytest.mark.parametrize("with_init", [False, True], ids=["namespace-folder", "package"])
def test_an_import_never_reads_another_programs_module(tmp_path, with_init):
    """astroid keeps one module per dotted name: the program linted first gets it, and the other's
    ``from nets.backbone import ...`` resolves to nothing rather than to a Cell it does not build."""
    project = _two_programs(tmp_path, "nets", with_init)
    for found in (
        project_findings(project, METHOD, 1, "detector", "classifier"),
        project_findings(project, METHOD, 1, "classifier", "detector"),
        project_findings(project, METHOD, 2, "detector", "classifier"),
        findings_file_by_file(project, METHOD),
    ):
        assert set(_places(found)) <= {DETECTOR_FINDING}


@pytest.mark.parametrize("with_init", [False, True], ids=["namespace-folder", "package"])
def test_each_program_resolves_its_own_module_whatever_else_is_linted(tmp_path, with_init):
    project = _two_programs(tmp_path, "nets", with_init)
    whole = project_findings(project, METHOD, 1, "detector", "classifier")
    assert _places(whole) == [DETECTOR_FINDING]
    # The classifier first: astroid then holds its ``nets.backbone`` under that name.
    assert project_findings(project, METHOD, 1, "classifier", "detector") == whole
    assert project_findings(project, METHOD, 2, "detector", "classifier") == whole
    assert findings_file_by_file(project, METHOD) == whole


DROPOUT = "dropout-positional-keep-prob"
# ``from layers import *`` rebinds ``nn`` only where the program's ``layers.py`` exports one.
STAR_TRAIN = """
    from mindspore import nn
    from layers import *

    drop = nn.Dropout(0.1)
"""


def _star_programs(root):
    return write_project(
        root,
        {
            "detector/layers.py": "def helper():\n    return 1\n",
            "detector/train.py": STAR_TRAIN,
            "classifier/layers.py": "import torch.nn as nn\n",
            "classifier/train.py": STAR_TRAIN,
        },
    )


def test_a_star_import_binds_what_the_programs_own_module_exports(tmp_path):
    """The classifier's ``layers`` exports PyTorch's ``nn``; the detector's exports none, so there
    ``nn`` stays MindSpore's, whichever ``layers`` astroid read first."""
    project = _star_programs(tmp_path)
    whole = project_findings(project, DROPOUT, 1, "detector", "classifier")
    assert _places(whole) == [("detector/train.py", 5)]
    assert project_findings(project, DROPOUT, 1, "classifier", "detector") == whole
    assert project_findings(project, DROPOUT, 2, "classifier", "detector") == whole
    assert findings_file_by_file(project, DROPOUT) == whole


SCRIPT_IN_A_SUBFOLDER = """
    import os
    import sys

    sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from {package}.backbone import build_backbone

    net = build_backbone()
    net.eval()
"""


@pytest.mark.parametrize("with_init", [False, True], ids=["namespace-folder", "package"])
def test_a_script_finds_its_programs_module_through_the_folder_it_adds_to_sys_path(tmp_path, with_init):
    """``classifier/tools/run.py`` adds ``classifier/`` to ``sys.path``: its ``nets`` is the classifier's,
    never the detector's that astroid may hold under that name."""
    project = _two_programs(tmp_path, "nets", with_init)
    (project / "classifier" / "tools").mkdir()
    (project / "classifier" / "tools" / "run.py").write_text(
        SCRIPT_IN_A_SUBFOLDER.format(package="nets").replace("\n    ", "\n").lstrip("\n")
    )
    # Files named one by one (as a pre-commit hook does): the script is module ``run``, found from its own folder.
    files = sorted(str(path.relative_to(project)) for path in project.rglob("*.py"))
    for found in (
        project_findings(project, METHOD, 1, *files),
        project_findings(project, METHOD, 1, *reversed(files)),
        project_findings(project, METHOD, 2, *files),
        findings_file_by_file(project, METHOD),
    ):
        assert _places(found) == [DETECTOR_FINDING]
