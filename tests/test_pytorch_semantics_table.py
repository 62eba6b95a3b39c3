"""The semantics half of the PyTorch mapping table: every entry is well formed and read by a rule."""

import pytest

from ms_lint.checkers import CHECKERS
from ms_lint.data import pytorch as table
from ms_lint.semantics.names import catalog

BEHAVIOURS = (
    table.POSITIONAL_KEEP_PROB,
    table.TORCH_MOMENTUM,
    table.PAD_MODE,
    table.BUILT_IN_CONSTRUCT,
    table.PRIMITIVE_INPUTS,
)


@pytest.mark.parametrize("entry", table.SEMANTICS_ENTRIES, ids=[entry.key for entry in table.SEMANTICS_ENTRIES])
def test_each_entry_has_a_behaviour_a_known_api_a_range_a_reference_and_an_observation(entry):
    behaviour, _, name = entry.key.partition(":")
    assert behaviour in BEHAVIOURS
    assert name == "mindspore" or catalog.lookup(name) is not None, f"{name} is not in the catalog"
    assert entry.kind == table.SEMANTICS and entry.receivers == ()
    assert table.holds_for(entry.versions, (2, 10, 0)), "every entry was observed on 2.10"
    assert entry.reference.startswith("https://www.mindspore.cn/docs/")
    assert entry.note.startswith("2.10: ")


def test_each_behaviour_is_rendered_on_its_rule_page():
    appendices = {checker.doc_appendix() for checker in CHECKERS if getattr(checker, "doc_appendix", None)}
    for behaviour in BEHAVIOURS:
        assert table.semantics_table(behaviour) in appendices, behaviour


@pytest.mark.parametrize(
    "behaviour, version, expected",
    [
        (table.POSITIONAL_KEEP_PROB, (1, 10, 1), set()),  # no p before 2.0
        (table.POSITIONAL_KEEP_PROB, (2, 10, 0), {"mindspore.nn.Dropout"}),
        (table.TORCH_MOMENTUM, (1, 8), {"mindspore.nn.BatchNorm1d", "mindspore.nn.BatchNorm2d", "mindspore.nn.BatchNorm3d"}),
        (table.PAD_MODE, (2, 11), set()),  # not observed after 2.10
    ],
)
def test_version_ranges(behaviour, version, expected):
    assert set(table.semantics(behaviour, version)) == expected
