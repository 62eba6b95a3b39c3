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
