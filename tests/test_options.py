"""The target (version, device, mode) from options and from what the program sets up."""

import argparse

import astroid
import pytest

from ms_lint import options
from ms_lint.semantics.program import facts


def config(version="", device="auto", mode="auto"):
    return argparse.Namespace(mindspore_version=version, mindspore_device_target=device, mindspore_mode=mode)


def program(modes=(), targets=()):
    return facts.ProgramFacts(modes=frozenset(modes), device_targets=frozenset(targets))


@pytest.mark.parametrize(
    "text, expected",
    [("2.10.0", (2, 10, 0)), ("2.3.0rc1", (2, 3, 0)), ("1.10", (1, 10)), ("2.5.0.post1", (2, 5, 0)), ("", ())],
)
def test_parse_version(text, expected):
    assert options.parse_version(text) == expected


def test_options_win_over_the_program():
    target = options.target(config("2.3.1", "Ascend", "pynative"), program(["graph"], ["CPU"]))
    assert target == options.Target(version=(2, 3, 1), device_target="Ascend", mode="pynative", syntax_level="LAX")


@pytest.mark.parametrize(
    "modes, expected",
    [(["graph"], "graph"), (["pynative"], "pynative"), ([], None), (["graph", "pynative"], None), (["graph", "dynamic"], None)],
)
def test_mode_from_the_program(modes, expected):
    assert options.target(config("2.10.0"), program(modes)).mode == expected


def test_mindspore_1_x_runs_construct_in_graph_mode_by_default():
    assert options.target(config("1.10.1"), program()).mode == "graph"
    assert options.target(config("1.10.1"), program(["pynative"])).mode == "pynative"


def test_the_mode_the_probe_runs_in_is_the_option_else_the_program_s_without_a_version_s_default():
    assert options.program_mode(config("2.10.0", mode="pynative"), program(["graph"])) == "pynative"
    assert options.program_mode(config("2.10.0"), program(["graph"])) == "graph"
    assert options.program_mode(config("1.10.1"), program()) is None


def test_device_target_from_the_program():
    assert options.target(config(), program(targets=["Ascend"])).device_target == "Ascend"
    assert options.target(config(), program(targets=["Ascend", "dynamic"])).device_target is None


def test_default_version_is_installed_or_catalog(monkeypatch):
    monkeypatch.setattr(options, "installed_version", lambda: None)
    assert options.target(config(), program()).version == (2, 10, 0)
    monkeypatch.setattr(options, "installed_version", lambda: "2.4.1")
    assert options.target(config(), program()).version == (2, 4, 1)


def test_the_installed_version_is_read_from_metadata_only_when_sys_path_has_mindspore(monkeypatch):
    from importlib import metadata

    monkeypatch.setattr(metadata, "version", lambda name: "2.4.1" if name == "mindspore" else None)
    for spec, expected in ((None, None), (object(), "2.4.1")):
        monkeypatch.setattr(
            options.importlib.machinery.PathFinder, "find_spec", lambda name, spec=spec: spec if name == "mindspore" else None
        )
        options.installed_version.cache_clear()
        assert options.installed_version() == expected
    options.installed_version.cache_clear()


def module_facts(code, name="train"):
    return facts.module_facts(astroid.parse(code, module_name=name))


def test_module_facts_read_set_up_calls_in_every_form():
    found = module_facts(
        """
import mindspore as ms
from mindspore import context, set_context
from mindspore import set_device as use_device
ms.set_context(mode=ms.GRAPH_MODE, device_target="Ascend")
context.set_context(mode=context.PYNATIVE_MODE)
set_context(mode=get_mode())
use_device("GPU")
"""
    )
    assert found.facts.modes == {"graph", "pynative", "dynamic"}
    assert found.facts.device_targets == {"Ascend", "GPU"}


def test_module_facts_ignore_lookalikes():
    found = module_facts("import torch\ntorch.set_context(mode=0)\ndef set_device(x):\n    pass\nset_device('Ascend')\n")
    assert found.facts.modes == found.facts.device_targets == frozenset()


def test_module_facts_list_imports_as_absolute_names():
    found = module_facts("import os.path\nfrom .models import net, Block\nfrom . import utils\n", name="pkg.train")
    assert found.imports == {"os.path", "pkg.models", "pkg.models.net", "pkg.models.Block", "pkg", "pkg.utils"}
