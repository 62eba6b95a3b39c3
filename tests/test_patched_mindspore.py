"""A program whose own code adds PyTorch's methods to MindSpore's classes (a migration adapter
copied into the project) has them: pytorch-method-on-cell-or-tensor is silent on those, in that
program only, however the files are linted (ms_lint.semantics.program.patches)."""

from lint import findings_file_by_file, project_findings, write_project

RULE = "pytorch-method-on-cell-or-tensor"
ADAPTER = """
    import mindspore


    def add_module(obj, name, module):
        setattr(obj, name, module)


    mindspore.nn.Cell.add_module = add_module
"""
MODEL = """
    import adapter
    from mindspore import nn


    def build():
        net = nn.SequentialCell(nn.Dense(2, 2))
        net.add_module("head", nn.Dense(2, 2))
        net.eval()
        return net
"""
PLAIN = """
    from mindspore import nn


    def build():
        net = nn.SequentialCell(nn.Dense(2, 2))
        net.add_module("head", nn.Dense(2, 2))
        return net
"""


def test_silent_on_the_methods_the_program_adds_and_only_in_that_program(tmp_path):
    files = {
        "adapter.py": ADAPTER,
        "model.py": MODEL,
        "train.py": "import model\n\nif __name__ == '__main__':\n    model.build()\n",
        "plain.py": PLAIN,
    }
    project = write_project(tmp_path, files)
    expected = [("model.py", 9, RULE, "HIGH"), ("plain.py", 7, RULE, "HIGH")]
    assert project_findings(project, RULE, 1, *files) == expected
    assert project_findings(project, RULE, 2, *files) == expected
    assert findings_file_by_file(project, RULE) == expected


def test_a_name_the_program_computes_may_be_any_method_of_that_class(tmp_path):
    computed = "import mindspore\n\nfor name in ('eval', 'cuda'):\n    setattr(mindspore.nn.Cell, name, print)\n"
    project = write_project(tmp_path, {"adapter.py": computed, "model.py": MODEL})
    assert project_findings(project, RULE, 1, "adapter.py", "model.py") == []
    # The migration adapter's own loop patches Tensor's operators: Cells keep what they lack.
    tensor_only = ADAPTER + "\n    for name in ('__add__', '__mul__'):\n        setattr(mindspore.Tensor, name, print)\n"
    project = write_project(tmp_path / "tensor", {"adapter.py": tensor_only, "model.py": MODEL})
    assert project_findings(project, RULE, 1, "adapter.py", "model.py") == [("model.py", 9, RULE, "HIGH")]
