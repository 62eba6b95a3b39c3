"""The probe child's name resolution, as the configuration names classes and factories (no MindSpore needed)."""

from __future__ import annotations

import types

import pytest

from ms_lint.probe.runtime import Runtime
from ms_lint.probe.verdict import Unconfirmable


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the runtime's scratch folder goes to the working directory
    probe = Runtime(with_mindspore=False)
    probe.module = types.ModuleType("train")
    probe.module.Outer = type("Outer", (), {"Inner": type("Inner", (), {})})
    return probe


def test_names_of_the_module_and_nested_classes(runtime):
    assert runtime.resolve("Outer.Inner") is runtime.module.Outer.Inner


def test_a_dotted_package_path_is_imported(runtime):
    import json.decoder  # pylint: disable=import-outside-toplevel

    assert runtime.resolve("json.decoder.JSONDecoder") is json.decoder.JSONDecoder
    assert runtime.resolve_reference("json.decoder.JSONDecoder") is json.decoder.JSONDecoder


def test_a_name_nowhere_is_unconfirmable(runtime):
    with pytest.raises(Unconfirmable, match="json.decoder.NoSuchClass is not defined"):
        runtime.resolve("json.decoder.NoSuchClass")
    with pytest.raises(Unconfirmable, match="Missing is not defined"):
        runtime.resolve("Missing")


def test_a_module_whose_parser_requires_arguments_is_imported_with_stand_ins_in_the_probe_s_own_folder(runtime, tmp_path):
    path = tmp_path / "train.py"
    path.write_text(
        "import argparse\np = argparse.ArgumentParser()\np.add_argument('data')\n"
        "p.add_argument('--mode', choices=['fast', 'slow'], required=True)\n"
        "p.add_argument('--steps', type=int, required=True)\np.add_argument('--width', type=int, default=8)\n"
        "args = p.parse_args()\n"
    )
    module = runtime.load(str(path), "train", str(tmp_path))
    assert (module.args.mode, module.args.steps, module.args.width) == ("fast", 1, 8)
    assert module.args.data.startswith(runtime.scratch)
    assert runtime.stood_in_arguments == {"data", "--mode", "--steps"}


def test_a_module_whose_parser_accepts_no_arguments_gets_no_stand_ins(runtime, tmp_path):
    path = tmp_path / "train.py"
    path.write_text("import argparse\np = argparse.ArgumentParser()\np.add_argument('--width', default=8)\nargs = p.parse_args()\n")
    assert runtime.load(str(path), "train", str(tmp_path)).args.width == 8
    assert runtime.stood_in_arguments == set()
    path.write_text(
        "import argparse\np = argparse.ArgumentParser()\nsub = p.add_subparsers(required=True)\nsub.add_parser('go')\n"
        "args = p.parse_args()\n"
    )
    with pytest.raises(Unconfirmable, match="SystemExit"):  # subcommands: nothing is guessed
        runtime.load(str(path), "train", str(tmp_path), fresh=True)


def test_a_module_whose_top_level_meets_a_first_call_system_error_is_imported_once_more(runtime, tmp_path):
    path = tmp_path / "train.py"
    path.write_text(
        "import builtins\nattempt = getattr(builtins, '_probe_test_attempts', 0) + 1\n"
        "builtins._probe_test_attempts = attempt\n"
        "if attempt == 1:\n    raise SystemError('<built-in method pyboost_reshape> returned a result with an exception set')\n"
    )
    try:
        assert runtime.load(str(path), "train", str(tmp_path)).attempt == 2
    finally:
        import builtins  # pylint: disable=import-outside-toplevel

        del builtins._probe_test_attempts
