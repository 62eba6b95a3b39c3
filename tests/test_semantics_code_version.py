"""The MindSpore version a project pins (ms_lint.semantics.names.code_version), and api-default-changed reading it."""

import pytest

from lint import project_findings, write_project
from ms_lint.semantics.names import code_version


@pytest.mark.parametrize(
    "text, expected",
    [
        ("mindspore==1.8.1\n", {(1, 8, 1)}),
        ("mindspore-gpu == 1.9.0  # the GPU build\n", {(1, 9, 0)}),
        ("mindspore>=1.8,<1.9\n", {(1, 8)}),
        ("mindspore ~= 2.2.0\n", {(2, 2)}),
        ("mindspore>=1.8\n", set()),  # a floor does not pin
        ("mindspore>=1.8,<2.0\n", set()),  # neither does a range across releases
        ("mindspore==2.*\n", set()),
        ("# mindspore==1.8.1\nnumpy==1.21\n", set()),
        ("mindspore_lite==2.3.0\nmindspore-dev-tools==1.0\n", set()),
        ('install_requires=["mindspore==1.10.1", "numpy"],\n', {(1, 10, 1)}),
    ],
)
def test_pins(text, expected):
    assert code_version.pins(text) == expected


def test_pinned_looks_upwards_to_the_project_root(tmp_path):
    root = write_project(
        tmp_path / "outer",
        {
            "requirements.txt": "mindspore==1.5.0\n",
            "project/setup.py": "",
            "project/requirements-train.txt": "mindspore==1.8.1\n",
            "project/src/model.py": "",
            "other/train.py": "",
        },
    )
    code_version._pinned_from.cache_clear()
    assert code_version.pinned(str(root / "project/src/model.py")) == (1, 8, 1)  # stops at project/
    assert code_version.pinned(str(root / "other/train.py")) == (1, 5, 0)


def test_two_pins_or_odd_files_give_none(tmp_path):
    root = write_project(
        tmp_path,
        {
            "pyproject.toml": 'dependencies = ["mindspore==2.0.0"]\n',
            "requirements.txt": "mindspore==1.8.1\n",
            "a.py": "",
        },
    )
    (root / "requirements-bin.txt").write_bytes(b"\xff\xfe\x00mindspore==\x00")
    code_version._pinned_from.cache_clear()
    assert code_version.pinned(str(root / "a.py")) is None
    assert code_version.pinned(None) is None
    assert code_version.written_for((1, 8, 1), None) == (1, 8, 1)
    assert code_version.written_for((), str(root / "missing" / "b.py")) is None


def test_api_default_changed_reads_the_project_pin(tmp_path):
    project = write_project(
        tmp_path,
        {
            "setup.cfg": "[options]\ninstall_requires =\n    mindspore>=1.8,<1.9\n",
            "net.py": """
                from mindspore import nn
                LAYER = nn.Conv2d(3, 8, 3)
            """,
        },
    )
    assert project_findings(project, "api-default-changed", 1, "net.py") == [("net.py", 3, "api-default-changed", "HIGH")]
