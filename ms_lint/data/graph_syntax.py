"""What MindSpore's graph compiler refuses, by version and JIT syntax level.

One entry per construct: the rule that reports it, the syntax levels that refuse it
(``@jit(fullgraph=True)`` compiles at STRICT; ``@jit(capture_mode="bytecode")`` refuses
nothing: it runs what it cannot compile in Python), the versions it applies to, the
text MindSpore prints and a pattern for it (so that a pasted error leads back to the
rule), the fix, and the evidence.

``OBS 2.10``: compiled on MindSpore 2.10.0, CPU, GRAPH_MODE at LAX (the default),
COMPATIBLE and STRICT and under ``@jit(fullgraph=True)``; the text is what 2.10 printed
(``tests/test_graph_syntax_mindspore.py`` checks every pattern against a real compile).
Entries that apply to older versions only cite MindSpore's parser at the version tags.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from astroid import nodes

from ms_lint.language import Text, pick, rendered

STRICT, COMPATIBLE, LAX = "STRICT", "COMPATIBLE", "LAX"
ALL_LEVELS = (STRICT, COMPATIBLE, LAX)

STATIC_GRAPH = "https://www.mindspore.cn/tutorials/en/master/compile/static_graph.html"
SYNTAX_DOC = STATIC_GRAPH + "#syntax-constraints-of-basic-syntaxes"
FAQ = "https://www.mindspore.cn/docs/en/master/faq/network_compilation.html"
PARSER = "https://gitee.com/mindspore/mindspore/blob/{tag}/mindspore/ccsrc/pipeline/jit/ps/parse/parse.cc"
OBSERVED = "OBS 2.10"

UNSUPPORTED_SYNTAX = "graph-unsupported-syntax"
UNDEFINED_AFTER_BLOCK = "graph-variable-undefined-after-block"
PARAMETERS_CALL = "graph-cell-parameters-call"
ATTRIBUTE_ASSIGNMENT = "graph-attribute-not-parameter"
TENSOR_TO_NUMPY = "graph-tensor-to-numpy"
CLASSMETHOD_CALL = "graph-classmethod-call"
CELL_METHOD_SIGNATURE = "graph-cell-method-signature"
BYTECODE = STATIC_GRAPH + "#syntax-based-on-bytecode-graph-construction"
THIRD_PARTY = STATIC_GRAPH + "#calling-the-third-party-libraries"
MODEL_AND_CELL = "https://www.mindspore.cn/docs/en/r2.0/migration_guide/model_development/model_and_cell.html"
CUSTOM_BPROP = "https://mindspore.cn/tutorials/experts/en/r1.9/network/custom_cell_reverse.html"


@dataclass(frozen=True)
class GraphSyntax:
    """One construct MindSpore's graph compiler refuses."""

    key: str  # the construct: an AST node type ("Try") or a rule's own name for it
    construct: Text  # how docs name it (English, and Chinese for messages)
    rule: str  # the symbol of the rule that reports it
    levels: Tuple[str, ...]  # the syntax levels that refuse it
    since: Tuple[int, ...]  # first version that refuses it
    until: Optional[Tuple[int, ...]]  # first version that accepts it, if any
    error: str  # what MindSpore prints (the example's text)
    patterns: Tuple[str, ...]  # regular expressions matching what MindSpore prints
    fix: Text
    reference: str
    evidence: str = OBSERVED

    def refused(self, version: Tuple[int, ...], level: Optional[str]) -> bool:
        """Refused by ``version`` at ``level`` (None: level unknown, so only if every level refuses it)."""
        if version < self.since or (self.until is not None and version >= self.until):
            return False
        return level in self.levels if level is not None else set(ALL_LEVELS) <= set(self.levels)


def _statement(key: str, construct: Text, fix: Text, expression: bool = False, **kwargs) -> GraphSyntax:
    kind = "expression" if expression else "statement"
    return GraphSyntax(
        key=key,
        construct=construct,
        rule=UNSUPPORTED_SYNTAX,
        levels=kwargs.pop("levels", ALL_LEVELS),
        since=kwargs.pop("since", (0,)),
        until=kwargs.pop("until", None),
        error=f"RuntimeError: Unsupported {kind} '{key}'.",
        patterns=(rf"Unsupported {kind} '{key}'",),
        fix=fix,
        reference=kwargs.pop("reference", SYNTAX_DOC),
        **kwargs,
    )


MOVE_OUT = Text(
    "move it out of the compiled function, into __init__ or the Python code that calls the network",
    "把它移出被编译的函数，放到 __init__ 或调用网络的 Python 代码中",
)

IMPORT_AT_TOP = Text("import at the top of the module", "在模块顶部导入")

GRAPH_SYNTAX = (
    _statement(
        "Try",
        Text("try/except", "try/except 语句"),
        Text(
            "remove the try: check the condition with ops (ops.isfinite, ops.select) or handle the error in the "
            "Python code that calls the network",
            "去掉 try：用算子（ops.isfinite、ops.select）检查条件，或在调用网络的 Python 代码中处理错误",
        ),
    ),
    _statement(
        "Delete",
        Text("del", "del 语句"),
        Text(
            "remove the del: a local name needs no deleting, rebind it if memory matters",
            "去掉 del：局部变量无需删除，如果在意内存可重新绑定它",
        ),
    ),
    _statement(
        "Set",
        Text("set literal", "集合字面量"),
        Text(
            "use a tuple or a list (x in (a, b)); a set can be built in __init__",
            "使用 tuple 或 list（x in (a, b)）；集合可以在 __init__ 中构建",
        ),
        expression=True,
    ),
    _statement(
        "SetComp",
        Text("set comprehension", "集合推导式"),
        Text("use a list comprehension or a tuple", "使用列表推导式或 tuple"),
        expression=True,
    ),
    _statement("Import", Text("import", "import 语句"), IMPORT_AT_TOP),
    _statement("ImportFrom", Text("from ... import", "from ... import 语句"), IMPORT_AT_TOP),
    _statement(
        "Yield",
        Text("yield (a generator)", "yield（生成器）"),
        Text(
            "return a tuple or list of the values; iterate over a list, a tuple or a CellList",
            "返回由这些值组成的 tuple 或 list；遍历 list、tuple 或 CellList",
        ),
        expression=True,
    ),
    _statement(
        "YieldFrom",
        Text("yield from", "yield from 表达式"),
        Text("return a tuple or list of the values", "返回由这些值组成的 tuple 或 list"),
        expression=True,
    ),
    _statement(
        "NamedExpr",
        Text("assignment expression (:=)", "赋值表达式（:=）"),
        Text("assign on a line of its own", "在单独的一行中赋值"),
        expression=True,
    ),
    _statement("Match", Text("match statement", "match 语句"), Text("use if/elif on the value", "对该值使用 if/elif")),
    _statement(
        "ClassDef",
        Text("class definition", "类定义"),
        Text(
            "define the class at module level (@jit_class to use it in graphs)",
            "在模块级定义该类（要在图中使用它，请加 @jit_class）",
        ),
    ),
    _statement("AsyncFunctionDef", Text("async def", "async def 定义"), MOVE_OUT),
    _statement(
        "Nonlocal",
        Text("nonlocal", "nonlocal 语句"),
        Text(
            "return the new value from the inner function and assign it in the outer one",
            "从内层函数返回新值，并在外层函数中赋值",
        ),
    ),
    _statement(
        "AnnAssign",
        Text("annotated assignment (x: T = v)", "带类型注解的赋值（x: T = v）"),
        Text("drop the annotation or upgrade to MindSpore 2.3", "去掉类型注解，或升级到 MindSpore 2.3"),
        until=(2, 3),
        reference=PARSER.format(tag="v2.2.0"),
        evidence="SRC parse.cc stmt_method_map_ at v2.2.0 (no AnnAssign) and v2.3.0 (AnnAssign)",
    ),
    _statement(
        "DictComp",
        Text("dict comprehension", "字典推导式"),
        Text(
            "build the dict with a loop or dict(zip(...)), or upgrade to MindSpore 2.2",
            "用循环或 dict(zip(...)) 构建字典，或升级到 MindSpore 2.2",
        ),
        expression=True,
        until=(2, 2),
        reference=PARSER.format(tag="v2.1.0"),
        evidence="SRC parse.cc expr_method_map_ at v2.1.0 (no DictComp) and v2.2.0 (DictComp)",
    ),
    GraphSyntax(
        key="IfBranch",
        construct=Text("a variable assigned in one branch of a Tensor condition", "只在 Tensor 条件的一个分支中赋值的变量"),
        rule=UNDEFINED_AFTER_BLOCK,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="UnboundLocalError: The local variable 'y' is not defined in false branch, but defined in true branch.",
        patterns=(r"The local variable '\w+' is not defined in (false|true) branch, but defined in (true|false) branch",),
        fix=Text("assign it before the if (a default value), or in every branch", "在 if 之前赋值（默认值），或在每个分支中都赋值"),
        reference=FAQ,
    ),
    GraphSyntax(
        key="LoopBody",
        construct=Text("a variable first assigned inside a loop body", "首次在循环体内赋值的变量"),
        rule=UNDEFINED_AFTER_BLOCK,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="UnboundLocalError: The local variable 'y' defined in the 'for' loop body cannot be used outside of "
        "the loop body. Please define variable 'y' before 'for'.",
        patterns=(
            r"The local variable '\w+' defined in the '(for|while)' loop body cannot be used outside of the loop body",
            # when a later iteration also reads it (if i == 0: y = f(x) else: y = f(y)), observed on 2.10
            r"The name '\w+' is not defined, or not supported in graph mode",
        ),
        fix=Text("assign it before the loop", "在循环之前赋值"),
        reference=FAQ,
    ),
    GraphSyntax(
        key="CellParameters",
        construct=Text(
            "a Cell's parameter listing (trainable_params(), get_parameters()...)",
            "列出 Cell 的参数（trainable_params()、get_parameters()……）",
        ),
        rule=PARAMETERS_CALL,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="RuntimeError: Failed to compile in GRAPH_MODE because the method or function "
        "'mindspore.nn.cell.Cell.trainable_params' is not supported in 'construct' or function with @jit decorator.",
        patterns=(
            r"the method or function 'mindspore\.nn\.cell\.Cell\.\w+' is not supported in 'construct'",
            r"Unsupported expression 'Yield'",  # parameters_and_names is a generator
        ),
        fix=Text(
            "list the parameters in __init__ (self.params = ParameterTuple(self.trainable_params())) and use "
            "that attribute in construct",
            "在 __init__ 中列出参数（self.params = ParameterTuple(self.trainable_params())），并在 construct 中使用该属性",
        ),
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="AttributeAssign",
        construct=Text(
            "self.<attr> = value for an attribute that is not a Parameter", "对不是 Parameter 的属性执行 self.<attr> = value"
        ),
        rule=ATTRIBUTE_ASSIGNMENT,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="TypeError: In JIT strict mode, if need to modify a member attribute of a class with self.m, the "
        "member attribute must be of the Parameter type. But got '1' with type 'int'.",
        patterns=(
            r"if need to modify a member attribute of a class with self\.\w+, the member attribute must be of the "
            r"Parameter type",
        ),
        fix=Text(
            "make it a Parameter in __init__ and update it with ops.assign, keep the value in a local variable, "
            "or compile at the LAX level",
            "在 __init__ 中把它定义为 Parameter 并用 ops.assign 更新，或把值保存在局部变量中，或以 LAX 级别编译",
        ),
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="TensorToNumpy",
        construct=Text("tensor.asnumpy() / tensor.tolist()", "tensor.asnumpy() / tensor.tolist() 调用"),
        rule=TENSOR_TO_NUMPY,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="AttributeError: In JIT strict mode, cannot get attributes asnumpy or the Tensor[Float32] object has no "
        "attribute: 'asnumpy'.",
        patterns=(r"In JIT strict mode, cannot get attributes (asnumpy|tolist)",),
        fix=Text(
            "compute with ops on the Tensor; move numpy work to __init__ or to the Python code around the network",
            "用算子在 Tensor 上计算；把 numpy 计算移到 __init__ 或网络外围的 Python 代码中",
        ),
        reference=THIRD_PARTY,
    ),
    GraphSyntax(
        key="NumpyCall",
        construct=Text("a numpy function called on a Tensor", "在 Tensor 上调用的 numpy 函数"),
        rule=TENSOR_TO_NUMPY,
        levels=(STRICT, COMPATIBLE),
        since=(2, 10),
        until=None,
        error="ValueError: When handling script '__call_func_str__(__input_0__,) in graph mode', the inputs should "
        "be constant, but found variable '__input_0__' to be nonconstant. Try to set jit_syntax_level to LAX.",
        patterns=(r"the inputs should be constant, but found variable '\w+' to be nonconstant",),
        fix=Text(
            "use the ops or mindspore.numpy function of the same name (ops.sum, mindspore.numpy.exp)",
            "使用 ops 或 mindspore.numpy 中的同名函数（ops.sum、mindspore.numpy.exp）",
        ),
        reference=THIRD_PARTY,
    ),
    GraphSyntax(
        key="ClassmethodCall",
        construct=Text("a @classmethod called through self", "通过 self 调用的 @classmethod"),
        rule=CLASSMETHOD_CALL,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: The parameters number of the function is 2, but the number of provided arguments is 1.",
        patterns=(r"The parameters number of the function is \d+, but the number of provided arguments is \d+",),
        fix=Text(
            "make it a @staticmethod (graph code does not pass cls), or a plain method",
            "把它改为 @staticmethod（静态图代码不会传入 cls），或普通方法",
        ),
        reference=FAQ,
    ),
    GraphSyntax(
        key="ConstructStatic",
        construct=Text(
            "a @staticmethod construct (PyNative runs it; only a graph compile refuses it)",
            "@staticmethod 的 construct（动态图模式可以运行；只有图编译会拒绝）",
        ),
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="RuntimeError: Parse Resolve convert failed.",
        patterns=(r"Parse Resolve convert failed",),
        fix=Text(
            "make construct a plain method whose first parameter is self: def construct(self, ...)",
            "把 construct 改为第一个参数是 self 的普通方法：def construct(self, ...)",
        ),
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="ConstructNoSelf",
        construct=Text(
            "construct whose first parameter is not self (def construct(x), def construct(cell, x)); "
            "PyNative runs the second and refuses the first with Python's TypeError",
            "第一个参数不是 self 的 construct（def construct(x)、def construct(cell, x)）；"
            "动态图模式可以运行后者，对前者抛出 Python 的 TypeError",
        ),
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: For 'Cell', the method 'construct' must have parameter 'self'.",
        patterns=(
            r"For 'Cell', the method 'construct' must have parameter 'self'",
            # the first parameter has another name: the compiler does not bind it to the Cell
            r"The parameters number of the function is \d+, but the number of provided arguments is \d+",
        ),
        fix=Text(
            "make self construct's first parameter, by that name: def construct(self, ...)",
            "让 construct 的第一个参数就是名为 self 的参数：def construct(self, ...)",
        ),
        reference=MODEL_AND_CELL,
    ),
    GraphSyntax(
        key="BpropArity",
        construct=Text(
            "a bprop that does not take construct's inputs + out + dout, in a Cell whose gradients are taken "
            "(PyNative refuses it too, with Python's TypeError)",
            "被求梯度的 Cell 中，参数不是 construct 的输入 + out + dout 的 bprop（动态图模式也会以 Python 的 TypeError 拒绝）",
        ),
        rule=CELL_METHOD_SIGNATURE,
        levels=ALL_LEVELS,
        since=(2, 10),
        until=None,
        error="TypeError: The params of function 'bprop' of Primitive or Cell requires the forward inputs as well "
        "as the 'out' and 'dout'.",
        patterns=(
            r"The params of function 'bprop' of Primitive or Cell requires the forward inputs as well as the 'out' "
            r"and 'dout'",
            r"The number of parameter of this primal function is \d+, but the number of parameters of bprop is \d+",
            # PyNative calls bprop as a Python function
            r"bprop\(\) (takes \d+ positional arguments? but \d+ were given|missing \d+ required positional argument)",
        ),
        fix=Text(
            "take construct's inputs, then out and dout: def bprop(self, <inputs>, out, dout), returning one "
            "gradient per input",
            "依次接收 construct 的输入、out 和 dout：def bprop(self, <inputs>, out, dout)，每个输入返回一个梯度",
        ),
        reference=CUSTOM_BPROP,
    ),
)

BY_KEY: Dict[str, GraphSyntax] = {entry.key: entry for entry in GRAPH_SYNTAX}


def node_key(node: nodes.NodeNG) -> str:
    """The table key of an AST node: Python's name for its type (astroid's ``TryStar`` is a ``Try``)."""
    name = type(node).__name__
    return "Try" if name == "TryStar" else name


def rules_for(error_text: str) -> Tuple[GraphSyntax, ...]:
    """The entries whose pattern matches a pasted MindSpore error."""
    return tuple(entry for entry in GRAPH_SYNTAX if any(re.search(pattern, error_text) for pattern in entry.patterns))


def _version(version: Tuple[int, ...]) -> str:
    return ".".join(map(str, version))


REFUSED_HEADING = Text(
    "## What MindSpore refuses, by version and syntax level", "## MindSpore 拒绝的写法（按版本与语法支持级别）"
)
REFUSED_COLUMNS = Text(
    "| construct | refused at | versions | MindSpore's error | evidence |", "| 写法 | 拒绝的级别 | 版本 | MindSpore 的报错 | 依据 |"
)


def markdown(rule: str) -> Text:
    """The rule's entries as a Markdown table for its documentation page (headings in both languages)."""

    def render(which: str) -> str:
        rows = [pick(REFUSED_HEADING, which) + "\n", pick(REFUSED_COLUMNS, which), "| --- | --- | --- | --- | --- |"]
        for entry in GRAPH_SYNTAX:
            if entry.rule != rule:
                continue
            levels = "every level" if set(entry.levels) == set(ALL_LEVELS) else ", ".join(entry.levels)
            since = f"from {_version(entry.since)}" if entry.since > (0,) else "all"
            versions = f"{since}, before {_version(entry.until)}" if entry.until else since
            evidence = entry.evidence if entry.evidence != OBSERVED else f"observed on 2.10 ([docs]({entry.reference}))"
            rows.append(f"| {entry.construct} | {levels} | {versions} | `{entry.error}` | {evidence} |")
        return "\n".join(rows) + "\n"

    return rendered(render)
