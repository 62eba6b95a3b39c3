"""The probe's configuration: the [tool.ms_lint.probe] table, its discovery, and matching classes to entries."""

import textwrap

from ms_lint.probe import config, source

PYPROJECT = """
[tool.black]
line-length = 100

[tool.ms_lint.probe]
none-size = 4

[[tool.ms_lint.probe.cells]]
class = "Net"
kwargs = { width = 8 }
inputs = [{ dtype = "float16", shape = ["None", 3, 224, 224] }, { value = true }]

[[tool.ms_lint.probe.cells]]
class = "pkg.model.Net"
args = [2]
inputs = [{ shape = [-1, "?"] }, { dtype = "int32" }]

[[tool.ms_lint.probe.cells]]
class = "pkg/other.py:Net"
factory = "pkg.other:build"

[[tool.ms_lint.probe.callables]]
name = "pkg/data.py:normalize"
sample = [{ dtype = "uint8", shape = [32, 32, 3] }]
numpy = "pkg.data:normalize_np"
"""


def write_project(tmp_path):
    (tmp_path / "pyproject.toml").write_text(textwrap.dedent(PYPROJECT))
    (tmp_path / "pkg").mkdir()
    for name in ("__init__", "model", "other", "third", "data"):
        (tmp_path / "pkg" / f"{name}.py").write_text("")
    config.clear_cache()
    return tmp_path


def test_entries_are_found_by_file_then_module_then_bare_name(tmp_path):
    project = write_project(tmp_path)
    found = config.discover(str(project / "pkg" / "model.py"))
    assert found.errors == ()
    assert found.none_size == 4
    by_module = found.cell("pkg.model", str(project / "pkg" / "model.py"), "Net")
    assert by_module.args == (2,)
    assert by_module.inputs == (config.InputSpec("float32", (None, None)), config.InputSpec("int32", None))
    assert found.cell("pkg.other", str(project / "pkg" / "other.py"), "Net").factory == "pkg.other:build"
    bare = found.cell("pkg.third", str(project / "pkg" / "third.py"), "Net")
    assert bare.kwargs == {"width": 8}
    assert bare.inputs == (config.InputSpec("float16", (None, 3, 224, 224)), config.InputSpec(value=True, is_value=True))
    assert found.cell("pkg.third", str(project / "pkg" / "third.py"), "Other") is None
    assert found.callable("pkg.data", str(project / "pkg" / "data.py"), "normalize").numpy == "pkg.data:normalize_np"


def test_the_nearest_pyproject_with_the_table_applies(tmp_path):
    project = write_project(tmp_path)
    nested = project / "pkg" / "sub"
    nested.mkdir()
    (nested / "pyproject.toml").write_text("[tool.black]\nline-length = 80\n")
    (nested / "m.py").write_text("")
    assert config.discover(str(nested / "m.py")).source == str(project / "pyproject.toml")


def test_no_configuration_is_an_empty_one(tmp_path):
    (tmp_path / "m.py").write_text("")
    config.clear_cache()
    found = config.discover(str(tmp_path / "m.py"))
    assert found.cells == () and found.errors == ()


def test_invalid_entries_are_dropped_and_reported(tmp_path):
    found = config.from_table(
        {
            "cells": [
                {"class": "Good"},
                {"class": "BadShape", "inputs": [{"shape": [3, "x"]}]},
                {"kwargs": {}},
                {"class": "Typo", "input": []},
            ],
            "none-size": 0,
        }
    )
    assert [spec.target for spec in found.cells] == ["Good"]
    assert len(found.errors) == 4


def test_shapes_written_as_text_are_read():
    assert config.from_table({"cells": [{"class": "N", "inputs": [{"shape": "(None, 3)"}]}]}).cells[0].inputs[0].shape == (None, 3)


def test_the_probe_config_option_names_a_file_with_or_without_the_tool_table(tmp_path):
    bare = tmp_path / "probe.toml"
    bare.write_text('[[cells]]\nclass = "Net"\nargs = [1]\n')
    assert config.load(str(bare)).cells[0].args == (1,)
    wrapped = tmp_path / "pyproject.toml"
    wrapped.write_text('[[tool.ms_lint.probe.cells]]\nclass = "Net"\nargs = [2]\n')
    assert config.load(str(wrapped)).cells[0].args == (2,)


def test_scope_at_a_line(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        textwrap.dedent(
            """
            class Outer:
                class Inner:
                    def method(self):
                        return 1

            def function():
                class Local:
                    pass
                return lambda: 2
            """
        )
    )
    assert source.scope_at(str(path), 5).class_qualname == "Outer.Inner"
    assert source.scope_at(str(path), 5).function == ("Outer.Inner", "method")
    assert source.scope_at(str(path), 9).class_qualname is None
    assert source.scope_at(str(path), 10).function == (None, "function")


def test_import_roots_follow_pylint_s_module_names(tmp_path):
    assert source.import_root("/src/pkg/sub/mod.py", "pkg.sub.mod") == "/src"
    assert source.import_root("/src/pkg/__init__.py", "pkg") == "/src"
    assert source.import_root("/src/script.py", "script") == "/src"


def test_an_entry_without_its_name_says_so_and_what_is_accepted():
    found = config.from_table({"cells": [{"klass": "Net"}], "callables": [{"name": "f", "smaple": []}]})
    assert found.errors == (
        "cells entry {'klass': 'Net'} lacks 'class' and has unknown keys ['klass'] "
        "(accepted: args, class, factory, inputs, kwargs)",
        "callables entry for 'f' has unknown keys ['smaple'] (accepted: args, kwargs, name, numpy, sample)",
    )
