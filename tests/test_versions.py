"""MindSpore's API across versions and operators' platforms, as bundled (``semantics.versions``),
and how the catalog tool records and merges them (``tools.catalog_versions``)."""

import ast

from ms_lint.semantics.names import catalog, versions
from ms_lint.tools import catalog_versions


def test_the_catalogued_versions():
    assert versions.versions() == ("2.7.0", "2.8.0", "2.9.0", "2.10.0")


def test_a_name_removed_after_2_7():
    assert versions.present("mindspore.nn.TensorArray", (2, 7)) is True
    assert versions.present("mindspore.nn.TensorArray", (2, 7, 0)) is True
    assert versions.present("mindspore.nn.TensorArray", (2, 10)) is False
    assert versions.present("mindspore.dataset.vision.c_transforms", (2, 7)) is True
    assert versions.present("mindspore.dataset.vision.c_transforms", (2, 10)) is False
    assert versions.present("mindspore.nn.Cell.place", (2, 7)) is True
    assert versions.present("mindspore.nn.Cell.place", (2, 10)) is False


def test_names_in_every_version_and_in_none():
    assert versions.present("mindspore.nn.Dense", (2, 7)) is True
    assert versions.present("mindspore.nn.Dense", (2, 10, 0)) is True
    assert versions.present("mindspore.Tensor.asnumpy", (2, 8)) is True
    assert versions.present("mindspore.nn.NoSuchLayer", (2, 9)) is False
    assert versions.present("mindspore.Tensor.no_such_method", (2, 9)) is False


def test_unknown_where_members_are_not_recorded():
    assert versions.present("mindspore.dataset.vision.c_transforms.Decode", (2, 7)) is None
    assert versions.present("mindspore.nn.Dense.no_such_member", (2, 10)) is None


def test_unknown_when_the_version_is_not_catalogued():
    assert versions.present("mindspore.nn.Dense", (2, 6)) is None
    assert versions.present("mindspore.nn.NoSuchLayer", (2, 6)) is None
    assert versions.parameters("mindspore.nn.Dense", (1, 10)) is None


def test_a_parameter_removed_after_2_7():
    assert "vocab_cache_size" in versions.parameters("mindspore.nn.EmbeddingLookup", (2, 7))
    assert "vocab_cache_size" not in versions.parameters("mindspore.nn.EmbeddingLookup", (2, 10))
    assert "inplace" not in versions.parameters("mindspore.mint.nn.Dropout2d", (2, 7))
    assert "inplace" in versions.parameters("mindspore.mint.nn.Dropout2d", (2, 8))


def test_unchanged_parameters_come_from_the_catalog():
    assert versions.parameters("mindspore.nn.Dense", (2, 7)) == catalog.parameters("mindspore.nn.Dense")
    assert "in_channels" in versions.parameters("mindspore.nn.Dense", (2, 9))
    assert versions.parameters("mindspore.nn.TensorArray", (2, 10)) is None  # absent there


def test_declared_deprecations():
    tensor_add = versions.deprecated("mindspore.ops.TensorAdd")
    assert tensor_add == {"since": "1.1", "substitute": "Add", "versions": ("2.7.0", "2.8.0", "2.9.0", "2.10.0")}
    assert versions.deprecated("mindspore.nn.LazyAdam")["substitute"] == "nn.Adam"
    assert versions.deprecated("mindspore.nn.Dense") is None


def test_supported_platforms():
    assert versions.platforms("mindspore.ops.Einsum") == frozenset({"GPU"})
    assert versions.platforms("mindspore.ops.add") == frozenset({"Ascend", "GPU", "CPU"})
    assert versions.platforms("mindspore.nn.Dense") == frozenset({"Ascend", "GPU", "CPU"})
    # A generated Primitive documents only its functional equivalent, whose platforms it gets.
    assert versions.platforms("mindspore.ops.Add") == frozenset({"Ascend", "GPU", "CPU"})
    assert versions.platforms("mindspore.Tensor") is None


def test_merge_keeps_only_differences():
    def rec(version, names, parameters, deprecated=None):
        return {"mindspore_version": version, "names": names, "parameters": parameters,
                "deprecated": deprecated or {}, "platforms": {}}

    merged = catalog_versions.merge([
        rec("2.10.0", ["a", "b"], {"a": ["x"], "b": ["y", "z"]}, {"a": ["2.0", "c"]}),
        rec("2.9.0", ["a", "b", "old"], {"a": ["x"], "b": ["y"]}, {"a": ["2.0", "c"], "old": ["1.0", None]}),
    ])
    assert merged["versions"] == ["2.9.0", "2.10.0"]
    assert merged["modules"] == ["mindspore.Tensor", "mindspore.nn.Cell"]  # no catalogued module in these
    assert merged["names"] == {"old": ["2.9.0"]}
    assert merged["parameters"] == {"b": {"2.9.0": ["y"], "2.10.0": ["y", "z"]}}
    assert merged["deprecated"]["a"] == {"since": "2.0", "substitute": "c", "versions": ["2.9.0", "2.10.0"]}
    assert merged["deprecated"]["old"]["versions"] == ["2.9.0"]


def test_deprecated_decorators_are_read_from_source():
    source = '''
@deprecated("2.9.0", None, False, "ops.")
def band(x):
    pass

class TensorAdd(Op):
    @deprecated("1.1", "Add", True)
    def __init__(self):
        pass

class Tensor:
    @deprecated("2.8.0", substitute="Tensor.other")
    def ptp(self):
        pass

    @other("2.0")
    def kept(self):
        pass
'''
    found = list(catalog_versions._deprecated_in_source(ast.parse(source), "m"))  # pylint: disable=protected-access
    assert found == [
        ("m.band", "2.9.0", None),
        ("m.TensorAdd", "1.1", "Add"),
        ("m.Tensor.ptp", "2.8.0", "Tensor.other"),
    ]
