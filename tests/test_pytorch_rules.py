"""The PyTorch mapping table against the bundled catalog, and the safe fix of .eval()/.train()."""

from __future__ import annotations

import re

import pytest

from ms_lint.data import pytorch
from ms_lint.semantics.graph import receivers
from ms_lint.semantics.names import catalog
from test_fixes import fixed, refused

METHOD = "pytorch-method-on-cell-or-tensor"
KNOWN_RECEIVERS = {receivers.CELL, receivers.OPTIMIZER, receivers.TENSOR}


@pytest.mark.parametrize("entry", pytorch.API_ENTRIES, ids=[entry.key for entry in pytorch.API_ENTRIES])
def test_entry_is_data_with_a_range_and_a_reference(entry):
    assert entry.kind in (pytorch.METHOD, pytorch.NAME)
    assert entry.reference.startswith("https://www.mindspore.cn/docs/")
    assert pytorch.holds_for(entry.versions, (2, 10))
    for name in re.findall(r"mindspore(?:\.\w+)+", entry.mindspore):
        assert catalog.lookup(name) is not None, f"the suggested {name} is not in the catalog"
    for path in entry.exempt:
        assert catalog.lookup(path) is not None, path


@pytest.mark.parametrize(
    "entry", pytorch.entries(pytorch.METHOD), ids=[entry.key for entry in pytorch.entries(pytorch.METHOD)]
)
def test_method_entry_is_absent_where_the_catalog_can_tell(entry):
    assert entry.receivers and set(entry.receivers) <= KNOWN_RECEIVERS
    if entry.argument:  # .to('cuda'): the method exists, the device does not
        return
    if receivers.TENSOR in entry.receivers:
        assert entry.key not in catalog.tensor_methods()
    if {receivers.CELL, receivers.OPTIMIZER} & set(entry.receivers):
        assert entry.key not in catalog.cell_methods()


@pytest.mark.parametrize(
    "entry", pytorch.entries(pytorch.NAME), ids=[entry.key for entry in pytorch.entries(pytorch.NAME)]
)
def test_name_entry_is_absent_from_a_module_the_catalog_knows(entry):
    module = catalog.lookup(entry.key.rpartition(".")[0])
    assert module is not None and module.kind == "module"
    assert catalog.lookup(entry.key) is None


def test_methods_mindspore_added_are_not_in_the_table():
    """Cell.state_dict, load_state_dict, register_buffer, to and Tensor.to exist in 2.10."""
    added = {"state_dict", "load_state_dict", "register_buffer", "buffers", "apply", "to"}
    assert added <= catalog.cell_methods()
    keys = {entry.key for entry in pytorch.entries(pytorch.METHOD) if not entry.argument}
    assert keys.isdisjoint(added)


def test_no_absence_is_claimed_past_the_catalog():
    entry = pytorch.entries(pytorch.METHOD)[0]
    assert pytorch.applies(entry, (2, 10, 0), (2, 10, 0))
    assert pytorch.applies(entry, (2, 2), (2, 10, 0))
    assert not pytorch.applies(entry, (2, 11), (2, 10, 0))


EVAL = """
    from mindspore import nn


    def run(flag):
        net = nn.Dense(2, 2)
        net.eval()
        other = nn.Dense(2, 2)
        other = other
        return net
    """


def test_eval_becomes_set_train_false(tmp_path, request):
    assert "    net.set_train(False)\n" in fixed(tmp_path, request, EVAL, symbol=METHOD)


@pytest.mark.parametrize(
    "call, expected",
    [
        ("net.train()", "net.set_train()"),
        ("net.train(flag)", "net.set_train(flag)"),
        ("net.train(mode=False)", "net.set_train(mode=False)"),
    ],
)
def test_train_becomes_set_train_with_the_same_mode(tmp_path, request, call, expected):
    text = EVAL.replace("net.eval()", call)
    assert f"    {expected}\n" in fixed(tmp_path, request, text, symbol=METHOD)


def test_other_methods_are_left_alone(tmp_path, request):
    reason = refused(tmp_path, request, EVAL.replace("net.eval()", "net.parameters()"))
    assert reason.startswith("no mechanical MindSpore equivalent")
