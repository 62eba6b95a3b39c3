"""Members of catalogued classes: what ``has_member`` answers from the bundled catalog."""

from ms_lint.semantics.names import catalog


def test_an_optimizer_has_its_own_and_its_ancestors_members():
    assert catalog.has_member("mindspore.nn.SGD", "momentum")  # SGD's own
    assert catalog.has_member("mindspore.nn.SGD", "learning_rate")  # Optimizer's, set in __init__
    assert catalog.has_member("mindspore.nn.SGD", "trainable_params")  # Cell's method
    assert catalog.has_member("mindspore.nn.SGD", "zero_grad") is False
    assert catalog.has_member("mindspore.nn.SGD", "step") is False


def test_cells_and_tensors():
    assert catalog.has_member("mindspore.nn.Dense", "construct")
    assert catalog.has_member("mindspore.nn.Dense", "forward") is False
    assert catalog.has_member("mindspore.Tensor", "asnumpy")
    assert catalog.has_member("mindspore.Parameter", "asnumpy")  # inherited from Tensor


def test_unknown_when_the_catalog_cannot_tell():
    assert catalog.has_member("mindspore.nn.SGD", "_private") is None
    assert catalog.has_member("mindspore.ops.relu", "anything") is None  # a function
    assert catalog.has_member("mindspore.nn.NoSuchThing", "x") is None
    assert catalog.members("mindspore.nn.Dense") >= {"weight", "bias", "construct"}
