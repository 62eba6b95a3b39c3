"""What experiments use inside a MindSpore child process: user modules, Cells, inputs, compiling.

Only the probe's child processes import this module, and only they import
MindSpore. A user module is imported under its own dotted name (never as
``__main__``, so ``if __name__ == "__main__":`` blocks do not run), from the
root pylint found it under. Before another file's module is imported, the user
modules of the previous one are dropped from ``sys.modules``.

The code under test may ask for a device this MindSpore lacks (``set_device("Ascend")``
on a CPU build) or for a communication group (``communication.init()`` without a
launcher). Both would stop its import, so the runtime records such requests, skips
them, and the verdict says so. While a module is imported, dataset iterators yield
nothing, so a script's top-level data or training loop does not run.
"""

from __future__ import annotations

import contextlib
import functools
import glob
import importlib
import importlib.util
import inspect
import os
import re
import shutil
import sys
import sysconfig
import tempfile
import traceback
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Set, Tuple

from ms_lint import language
from ms_lint.language import Text
from ms_lint.probe.guesses import BUILD_MARK, NAME_MARK, PARAMETERS_MARK, shown_value
from ms_lint.probe.verdict import Cause, Unconfirmable, evidence_fields, missing_package, one_line

MAX_ERROR = 200  # an error's first line in the evidence; MAX_EVIDENCE bounds the whole
IMPORT_FAILED = Text("importing %s failed: %s%s", "导入 %s 失败：%s%s")
NO_MODULE = Text("no module is loaded", "没有加载任何模块")
AT = Text(" (at %s:%s)", "（位于 %s:%s）")
CANNOT_IMPORT = Text("cannot import %s", "无法导入 %s")
IMPORTED_ELSEWHERE = Text("importing %s gave %s, not %s", "导入 %s 得到的是 %s，而不是 %s")
NOT_DEFINED = Text("%s is not defined when %s is imported", "%s 在导入 %s 时未定义")
BAD_LAMBDA = Text("%s is not a valid lambda: %s", "%s 不是有效的 lambda：%s")
NEEDS_ARGUMENTS = Text(
    "%s() needs %s: give them in a [[tool.ms_lint.probe.%ss]] entry for %s",
    "%s() 需要 %s：请在 [[tool.ms_lint.probe.%ss]] 中为 %s 添加一项给出它们",
)
BUILD_FAILED_GUESSED = Text(
    "building %s%s raised %s%s: give its arguments in a [[tool.ms_lint.probe.%ss]] entry",
    "构建 %s%s 时抛出 %s%s：请在 [[tool.ms_lint.probe.%ss]] 中添加一项给出它的参数",
)
BUILD_FAILED = Text("building %s raised %s%s", "构建 %s 时抛出 %s%s")
NOT_A_DTYPE = Text("%s is not a MindSpore dtype", "%s 不是 MindSpore 的 dtype")
UNKNOWN_RANK = Text(
    "an input of unknown rank cannot be given a static shape: write its shape",
    "秩未知的输入无法给出静态形状：请写出它的形状",
)
# "In file /src/net.py:12~13, 8~20" in tracebacks; IR dumps add "/<code>/" after the columns.
TRACE_FRAME = re.compile(
    r"In file (?P<path>[^\n]+?):(?P<start>\d+)(?:~(?P<end>\d+))?(?:, (?P<col>\d+)(?:~(?P<end_col>\d+))?)?(?=/|\s|$)"
)
IR_SHAPE = re.compile(r"<Tensor\[(?P<dtype>\w+)\], \((?P<dims>[-\d, ]*)\)")


def _site_paths() -> Tuple[str, ...]:
    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix}
    for name in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(name)
        if path:
            paths.add(path)
    return tuple(os.path.realpath(path) + os.sep for path in paths if path)


def error_text(error: BaseException) -> str:
    """``Type: first line of the message``, bounded (MindSpore's messages go on for pages, and
    one first line can fill the evidence, cutting off what follows it: where it was raised)."""
    message = str(error).strip()
    for line in message.splitlines():
        line = line.strip(" -")
        if len(line) > 2 and line[0] == line[-1] and line[0] in "'\"" and " " in line:
            line = line[1:-1].strip()  # MindSpore quotes some messages whole
        if line:
            message = line
            break
    return one_line(f"{type(error).__name__}: {message}" if message else type(error).__name__, MAX_ERROR)


def frames(text: str) -> List[Tuple[str, int, int]]:
    """(path, first line, last line) of each "In file" entry of a MindSpore traceback or IR dump."""
    found = []
    for match in TRACE_FRAME.finditer(text):
        start = int(match.group("start"))
        found.append((match.group("path").strip(), start, int(match.group("end") or start)))
    return found


def spans(text: str) -> List[Tuple[str, int, int, Optional[int], Optional[int]]]:
    """(path, first line, last line, first column, end column) of each "In file" entry of an IR dump; the
    columns count from 0 (an end column is exclusive, as Python's ``end_col_offset``), None where not given."""
    found = []
    for match in TRACE_FRAME.finditer(text):
        start, col, end_col = int(match.group("start")), match.group("col"), match.group("end_col")
        columns = (None if col is None else int(col), None if end_col is None else int(end_col))
        found.append((match.group("path").strip(), start, int(match.group("end") or start), *columns))
    return found


def same_file(left: str, right: str) -> bool:
    try:
        return os.path.samefile(left, right)
    except OSError:
        return os.path.realpath(left) == os.path.realpath(right)


_MISSING = object()


def _walk(target: Any, qualname: str) -> Any:
    for part in qualname.split("."):
        if not hasattr(target, part):
            return _MISSING
        target = getattr(target, part)
    return target


def _imported(dotted: str) -> Any:
    """``package.module.Class``: the longest module prefix that imports, then the attributes after it."""
    parts = dotted.split(".")
    for length in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:length]))
        except Exception:  # pylint: disable=broad-except  # any failure: try a shorter prefix
            continue
        found = _walk(module, ".".join(parts[length:]))
        if found is not _MISSING:
            return found
    return _MISSING


def _missing_top(error: BaseException) -> Optional[str]:
    """The top-level package a ModuleNotFoundError names, when that package is not installed.

    ``No module named 'mindspore.x'`` is no missing package: MindSpore is there, without that module.
    """
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return None
    top = error.name.split(".")[0]
    try:
        installed = top in sys.modules or importlib.util.find_spec(top) is not None
    except (ImportError, ValueError):
        installed = False
    return None if installed else top


def _project_holding(top: Optional[str], path: str, levels: int = 6) -> Optional[str]:
    """The nearest folder above ``path`` that holds the package or module ``top``: the user's own code."""
    if top is None:
        return None
    directory = os.path.dirname(os.path.abspath(path))
    for _ in range(levels):
        if os.path.isdir(os.path.join(directory, top)) or os.path.isfile(os.path.join(directory, top + ".py")):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return None


class Runtime:
    """Per child process: MindSpore (unless disabled), the current user module, helpers."""

    def __init__(self, with_mindspore: bool = True):
        self.ms = None
        self.version = None
        if with_mindspore:
            import mindspore  # pylint: disable=import-outside-toplevel

            self.ms = mindspore
            self.version = getattr(mindspore, "__version__", None)
        self.requested_devices: Set[str] = set()
        # Required command-line arguments a module parsed at import, given stand-ins (``--data_url``).
        self.stood_in_arguments: Set[str] = set()
        # Set by an experiment after which this process must not run another (MindSpore left broken).
        self.tainted = False
        self.notify = lambda message: None  # the child's channel to pylint's process
        self.baseline = set(sys.modules)
        self.site = _site_paths()
        self.roots: List[str] = []
        self.loaded: Optional[Tuple[str, str, str]] = None
        self.module: Any = None
        self.module_error: Optional[str] = None
        self.scratch = tempfile.mkdtemp(prefix="scratch_", dir=os.getcwd())
        if self.ms is not None:
            self._redirect_requests()

    # -- the code under test asks for things this process cannot give -------------

    def _redirect_requests(self) -> None:
        ms = self.ms
        original_set_context = ms.set_context
        original_set_device = getattr(ms, "set_device", None)
        runtime = self

        # The stand-ins keep the originals' names, docs and signatures: experiments read them.
        @functools.wraps(original_set_context)
        def set_context(*args, **kwargs):
            target = kwargs.get("device_target")
            if target is not None and target != "CPU" and not runtime.device_available(target):
                runtime.requested_devices.add(str(target))
                kwargs.pop("device_target")
                kwargs.pop("device_id", None)
            return original_set_context(*args, **kwargs)

        def set_device(device_target, *args, **kwargs):
            if device_target != "CPU" and not runtime.device_available(device_target):
                runtime.requested_devices.add(str(device_target))
                return None
            return original_set_device(device_target, *args, **kwargs)  # pylint: disable=not-callable

        ms.set_context = set_context
        ms.context.set_context = set_context
        if original_set_device is not None:
            ms.set_device = functools.wraps(original_set_device)(set_device)
        try:
            from mindspore import communication  # pylint: disable=import-outside-toplevel
            from mindspore.communication import management  # pylint: disable=import-outside-toplevel
        except ImportError:  # pragma: no cover - every MindSpore 2.x has it
            return

        def init(*args, **kwargs):  # pylint: disable=unused-argument
            runtime.requested_devices.add("a communication group (communication.init)")

        for namespace in (communication, management):
            namespace.init = init
            namespace.get_rank = lambda *args, **kwargs: 0
            namespace.get_group_size = lambda *args, **kwargs: 1

    def device_available(self, target: str) -> bool:
        """Whether this MindSpore can run on ``target`` ('Ascend', 'GPU'): a request for one it cannot is skipped."""
        try:
            from mindspore import hal  # pylint: disable=import-outside-toplevel

            return bool(hal.is_available(target))
        except Exception:  # pylint: disable=broad-except
            return False

    # -- user modules ---------------------------------------------------------------

    def is_user_file(self, path: Optional[str], roots: Sequence[str]) -> bool:
        if not path:
            return False
        real = os.path.realpath(path)
        if real.startswith(self.site):
            return False
        return any(real.startswith(os.path.realpath(root) + os.sep) for root in roots)

    def user_modules(self) -> List[str]:
        return [
            name
            for name, module in list(sys.modules.items())
            if name not in self.baseline and self.is_user_file(getattr(module, "__file__", None), self.roots)
        ]

    def deps(self) -> List[str]:
        """Source files of the user modules imported so far for the current file."""
        found = set()
        for name in self.user_modules():
            path = getattr(sys.modules.get(name), "__file__", None)
            if path and path.endswith(".py"):
                found.add(os.path.realpath(path))
        return sorted(found)

    def _forget_user_code(self) -> None:
        for name in self.user_modules():
            sys.modules.pop(name, None)
        for root in self.roots:
            while root in sys.path:
                sys.path.remove(root)
        self.roots = []
        self.module = None
        self.loaded = None
        self.module_error = None
        self.requested_devices = set()
        self.stood_in_arguments = set()
        if self.ms is not None:
            self.ms.set_context(mode=self.ms.PYNATIVE_MODE)

    def load(self, path: str, module: str, root: str, fresh: bool = False, paths: Sequence[str] = ()) -> Any:
        """Import the user module (once per file); raise Unconfirmable when it cannot be imported.

        ``root`` goes first on ``sys.path``; ``paths`` (pylint's working directory, as when a
        script runs from the project root) last.
        """
        key = (path, module, root, tuple(paths))
        if fresh or self.loaded != key:
            self._forget_user_code()
            self.loaded = key
            self.roots = [root, *(extra for extra in paths if extra != root)]
            sys.path.insert(0, root)
            sys.path.extend(self.roots[1:])
            sys.argv = [path]  # as if run with no arguments: a module-level argparse sees none of ours
            self._import_user_module(path, module)
        if self.module_error:
            raise Unconfirmable(self.module_error)
        return self.module

    def _import_user_module(self, path: str, module: str) -> None:
        """Import it; when it imports a package of its own project (``from src.x import y``) that the
        import root does not hold, retry once from the folder above that holds it, as its scripts run.
        A module whose top level meets MindSpore's first-call SystemError (see :func:`retried`) is
        imported once more."""
        retries = {"project": True, "first call": True}
        while True:
            try:
                with self._no_data_while_importing(), self._required_arguments_stood_in():
                    self.module = self._import(path, module)
                return
            except Unconfirmable as error:
                self.module_error = error.args[0] if error.args else str(error)
                return
            except BaseException as error:  # pylint: disable=broad-except
                if isinstance(error, KeyboardInterrupt):
                    raise
                if isinstance(error, SystemError) and retries.pop("first call", False):
                    continue
                home = _project_holding(_missing_top(error), path)
                if retries.pop("project", False) and home is not None and home not in sys.path:
                    sys.path.insert(1, home)
                    self.roots.append(home)
                    continue
                top = _missing_top(error)
                if top is not None and home is None:
                    self.module_error = missing_package(top, self._where(error, path))
                else:
                    self.module_error = IMPORT_FAILED % (module, error_text(error), self._where(error, path))
                return

    def if_crashed(self, status: Optional[str], evidence: str = "", repeatable: bool = False) -> None:
        """What it means if this process dies from here on (``None``: nothing, as by default).

        ``repeatable``: the verdict holds whatever killed the process (it was reached before).
        """
        meaning = {"status": status, "repeatable": repeatable, **evidence_fields(evidence)} if status else None
        self.notify({"on_crash": meaning})

    @contextlib.contextmanager
    def _no_data_while_importing(self) -> Iterator[None]:
        """Dataset iterators made while a module is imported yield nothing.

        A script's top-level data or training loop then does not run; experiments run
        the pipelines they need themselves, after the import.
        """
        if self.ms is None:
            yield
            return
        from mindspore.dataset import Dataset  # pylint: disable=import-outside-toplevel

        names = ("create_tuple_iterator", "create_dict_iterator", "__iter__")
        saved = {name: Dataset.__dict__[name] for name in names if name in Dataset.__dict__}
        for name in saved:
            setattr(Dataset, name, lambda *args, **kwargs: iter(()))
        try:
            yield
        finally:
            for name, method in saved.items():
                setattr(Dataset, name, method)

    @contextlib.contextmanager
    def _required_arguments_stood_in(self) -> Iterator[None]:
        """A script that parses its command line at import runs with no arguments; when the parser then
        refuses (a required ``--data_url``), it is parsed once more with stand-ins for the required ones.

        A stand-in is the option's first choice, ``1`` for an int, ``1.0`` for a float, else an empty
        folder of the probe's own: never a path in the user's tree.
        """
        import argparse  # pylint: disable=import-outside-toplevel

        original = argparse.ArgumentParser.parse_known_args
        stand_ins_for = self._stand_ins

        def parse_known_args(parser, args=None, namespace=None):
            if args is not None:
                return original(parser, args, namespace)
            try:
                return original(parser, args, namespace)
            except SystemExit:
                stand_ins = stand_ins_for(parser)
                if stand_ins is None:
                    raise
                return original(parser, stand_ins, namespace)

        argparse.ArgumentParser.parse_known_args = parse_known_args
        try:
            yield
        finally:
            argparse.ArgumentParser.parse_known_args = original

    def _stand_ins(self, parser: Any) -> Optional[List[str]]:
        """Command-line arguments giving each required argument of ``parser`` a stand-in (None: it has subcommands)."""
        import argparse  # pylint: disable=import-outside-toplevel

        given: List[str] = []
        for action in parser._actions:  # pylint: disable=protected-access  # argparse keeps no public list
            if isinstance(action, argparse._SubParsersAction):  # pylint: disable=protected-access
                return None
            positional = not action.option_strings
            if not (action.required or (positional and action.nargs not in ("?", "*", argparse.REMAINDER))):
                continue
            if action.nargs == 0:  # a required flag
                given.append(action.option_strings[0])
            else:
                given.extend([] if positional else [action.option_strings[0]])
                given.append(self._stand_in(action))
            self.stood_in_arguments.add(action.dest if positional else action.option_strings[0])
        return given

    def _stand_in(self, action: Any) -> str:
        if action.choices:
            return str(next(iter(action.choices)))
        if action.type is int:
            return "1"
        if action.type is float:
            return "1.0"
        return tempfile.mkdtemp(prefix="argument_", dir=self.scratch)

    def reload(self) -> Any:
        """Import the current file's module (and its user imports) anew: fresh Cells, fresh state."""
        if self.loaded is None:
            raise Unconfirmable(NO_MODULE)
        path, module, root, paths = self.loaded
        return self.load(path, module, root, fresh=True, paths=paths)

    def _user_frame(self, error: BaseException, path: Optional[str] = None) -> Optional[traceback.FrameSummary]:
        """The last frame of an exception's traceback in the user's code (the current file's, or ``path``)."""
        path = path or (self.loaded[0] if self.loaded else None)
        last = None
        for frame in traceback.extract_tb(error.__traceback__):
            if self.is_user_file(frame.filename, self.roots) or (path and same_file(frame.filename, path)):
                last = frame
        return last

    def _cause(self, error: BaseException, failure: str) -> Optional[Cause]:
        """Where the user's code raised ``error``, for the verdict (another finding may be at that line)."""
        last = self._user_frame(error)
        return Cause(os.path.realpath(last.filename), last.lineno, failure) if last is not None and last.lineno else None

    def _where(self, error: BaseException, path: Optional[str] = None) -> str:
        """`` (at file.py:12)``: the last user frame of an exception's traceback."""
        last = self._user_frame(error, path)
        if last is None:
            return ""
        shown = os.path.basename(last.filename)
        for root in self.roots:
            if self.is_user_file(last.filename, [root]):
                shown = os.path.relpath(os.path.realpath(last.filename), os.path.realpath(root))
        return AT % (shown, last.lineno)

    def _import(self, path: str, module: str) -> Any:
        if "." not in module:
            spec = importlib.util.spec_from_file_location(module, path)
            if spec is None or spec.loader is None:
                raise Unconfirmable(CANNOT_IMPORT % (path,))
            loaded = importlib.util.module_from_spec(spec)
            sys.modules[module] = loaded
            spec.loader.exec_module(loaded)
            return loaded
        loaded = importlib.import_module(module)
        if not same_file(getattr(loaded, "__file__", "") or "", path):
            raise Unconfirmable(IMPORTED_ELSEWHERE % (module, getattr(loaded, "__file__", None), path))
        return loaded

    def resolve(self, qualname: str, module: Any = None) -> Any:
        """An object of the current module (or of ``module``) by qualified name (``Outer.Inner``).

        A dotted name the current module does not hold (``package.module.Class``, as the
        configuration may name a class or a factory) is imported: its longest importable
        module prefix, then the attributes after it.
        """
        found = _walk(self.module if module is None else module, qualname)
        if found is _MISSING and module is None:
            found = _imported(qualname)
        if found is _MISSING:
            raise Unconfirmable(NOT_DEFINED % (qualname, getattr(self.module, "__name__", "?")))
        return found

    def resolve_reference(self, reference: str) -> Any:
        """``module:attr``, a name in the current module, or a ``lambda`` evaluated in the module."""
        if reference.lstrip().startswith("lambda"):
            try:
                return eval(reference, vars(self.module))  # pylint: disable=eval-used  # the user's configuration
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(BAD_LAMBDA % (repr(reference), error_text(error))) from error
        if ":" not in reference:
            return self.resolve(reference)
        module_name, _, attr = reference.partition(":")
        if module_name.endswith(".py"):
            module_path = module_name
            module_name = os.path.splitext(os.path.basename(module_path))[0]
            spec = importlib.util.spec_from_file_location(f"_ms_lint_probe_{module_name}", module_path)
            if spec is None or spec.loader is None:
                raise Unconfirmable(CANNOT_IMPORT % (module_path,))
            loaded = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(loaded)
        else:
            try:
                loaded = importlib.import_module(module_name)
            except Exception as error:  # pylint: disable=broad-except
                raise Unconfirmable(IMPORT_FAILED % (module_name, error_text(error), "")) from error
        return self.resolve(attr, loaded)

    @staticmethod
    def namespace(imports: Sequence[str]) -> Dict[str, Any]:
        """A namespace that holds only these statements, which the probe wrote from the module's imports and
        literal constants (:mod:`ms_lint.probe.standalone`)."""
        found: Dict[str, Any] = {}
        for statement in imports:
            exec(statement, found)  # pylint: disable=exec-used  # "import mindspore.nn as nn", "WIDTH = 8"
        return found

    def namespace_of(self, payload: Dict[str, Any]) -> Dict[str, Any]:
        """Where the payload's expressions are evaluated: its standalone imports, else the user's module."""
        from ms_lint.probe.experiments.base import STANDALONE  # pylint: disable=import-outside-toplevel

        imports = payload.get(STANDALONE)
        return self.namespace(imports) if imports is not None else vars(self.module)

    # -- Cells --------------------------------------------------------------------------

    def is_cell_class(self, obj: Any) -> bool:
        return isinstance(obj, type) and self.ms is not None and issubclass(obj, self.ms.nn.Cell)

    def build(self, qualname: str, spec: Optional[Dict[str, Any]] = None, what: str = "cell") -> Any:
        """An instance of ``qualname`` built as configured (or as the probe guessed), or with no arguments."""
        cls = self.resolve_reference(qualname) if ":" in qualname else self.resolve(qualname)
        spec = spec or {}
        maker = self.resolve_reference(spec["factory"]) if spec.get("factory") else cls
        args = [self._value(value) for value in spec.get("args") or ()]
        kwargs = {key: self._value(value) for key, value in (spec.get("kwargs") or {}).items()}
        shown = self.shown(qualname, spec)
        if not spec:
            missing = required_parameters(cls)
            if missing:
                names, bare = ", ".join(missing), qualname.rpartition(":")[2]
                raise Unconfirmable(
                    NEEDS_ARGUMENTS % (bare, names, what, bare)
                )
        try:
            return retried(maker, *args, **kwargs)
        except Unconfirmable:
            raise
        except Exception as error:  # pylint: disable=broad-except
            built, raised = language.join("", (shown, self.origin(spec))), error_text(error)
            where, cause = self._where(error), self._cause(error, BUILD_FAILED % (built, raised, ""))
            if spec.get("guessed"):
                text = BUILD_FAILED_GUESSED % (shown, self.origin(spec), raised, where, what)
                raise Unconfirmable(text, cause=cause) from error
            raise Unconfirmable(BUILD_FAILED % (shown, raised, where), cause=cause) from error

    def lines_run(self, function: Any, *args: Any, **kwargs: Any) -> Tuple[Any, Set[int]]:
        """``function(*args, **kwargs)`` and the lines of the current user module it ran."""
        if self.loaded is None:
            raise Unconfirmable(NO_MODULE)
        target, ran, known = os.path.realpath(self.loaded[0]), set(), {}

        def in_module(frame, event, arg):  # pylint: disable=unused-argument
            if event == "line":
                ran.add(frame.f_lineno)
            return in_module

        def calls(frame, event, arg):  # pylint: disable=unused-argument
            name = frame.f_code.co_filename
            if name not in known:
                known[name] = os.path.realpath(name) == target
            return in_module if known[name] else None

        previous = sys.gettrace()
        sys.settrace(calls)
        try:
            return function(*args, **kwargs), ran
        finally:
            sys.settrace(previous)

    def _value(self, value: Any) -> Any:
        """A spec value: ``{"$name": "Block"}`` is that class or function of the current module."""
        if isinstance(value, dict) and set(value) == {NAME_MARK}:
            return self.resolve(value[NAME_MARK])
        if isinstance(value, dict) and set(value) == {BUILD_MARK}:
            try:
                return self.resolve(value[BUILD_MARK])()
            except Unconfirmable:
                raise
            except Exception as error:  # pylint: disable=broad-except
                failure = BUILD_FAILED % (f"{value[BUILD_MARK]}()", error_text(error), "")
                text = BUILD_FAILED % (f"{value[BUILD_MARK]}()", error_text(error), self._where(error))
                raise Unconfirmable(text, cause=self._cause(error, failure)) from error
        if isinstance(value, dict) and set(value) == {PARAMETERS_MARK}:
            import numpy  # pylint: disable=import-outside-toplevel

            count = int(value[PARAMETERS_MARK])
            return [self.ms.Parameter(self.ms.Tensor(numpy.zeros(2, numpy.float32)), name=f"probe_parameter_{index}") for index in range(count)]
        if isinstance(value, list):
            return [self._value(item) for item in value]
        return value

    @staticmethod
    def shown(qualname: str, spec: Optional[Dict[str, Any]]) -> str:
        """How a Cell was built, for evidence: ``Stack(width=4, depth=2)``."""
        spec = spec or {}
        if spec.get("factory"):
            return f"{spec['factory']}({arguments_text(spec.get('args') or (), spec.get('kwargs') or {})})"
        return f"{qualname.rpartition(':')[2]}({arguments_text(spec.get('args') or (), spec.get('kwargs') or {})})"

    @staticmethod
    def origin(spec: Optional[Dict[str, Any]]) -> str:
        """Where the arguments came from when the probe chose them: `` (as built at train.py:57)``."""
        guessed = (spec or {}).get("guessed")
        if not guessed:
            return ""
        return Text.pair(f" ({guessed})", f"（{(spec or {}).get('guessed_zh') or guessed}）")

    def described(self, qualname: str, spec: Optional[Dict[str, Any]]) -> str:
        """How a Cell was built and where its arguments came from: ``Stack(width=4) (as built at train.py:57)``."""
        return language.join("", (self.shown(qualname, spec), self.origin(spec)))

    def tensor(self, spec: Dict[str, Any], none_size: Optional[int] = None) -> Any:
        """A Tensor for an input spec: a placeholder (``None`` dims kept) or, with ``none_size``, zeros."""
        if spec.get("is_value"):
            return spec.get("value")
        ms = self.ms
        dtype = getattr(ms, spec.get("dtype") or "float32", None)
        if dtype is None or not isinstance(dtype, type(ms.float32).__mro__[-3]):  # mindspore's typing.Type
            raise Unconfirmable(NOT_A_DTYPE % (repr(spec.get("dtype")),))
        shape = spec.get("shape")
        if none_size is None:
            return ms.Tensor(shape=None if shape is None else list(shape), dtype=dtype)
        if shape is None:
            raise Unconfirmable(UNKNOWN_RANK)
        import numpy  # pylint: disable=import-outside-toplevel

        dims = [none_size if dim is None else dim for dim in shape]
        return ms.Tensor(numpy.zeros(dims), dtype)

    @contextlib.contextmanager
    def mode(self, graph: bool) -> Iterator[None]:
        ms = self.ms
        previous = ms.get_context("mode")
        ms.set_context(mode=ms.GRAPH_MODE if graph else ms.PYNATIVE_MODE)
        try:
            yield
        finally:
            ms.set_context(mode=previous)

    def compile(self, cell: Any, inputs: Sequence[Any], dump_ir: bool = False) -> Tuple[Optional[BaseException], str]:
        """Compile ``cell.construct`` in GRAPH_MODE without running it: (error or None, validated IR text).

        A function (``@jit``) is called instead: MindSpore compiles it, then runs it.
        """
        ms = self.ms
        folder = tempfile.mkdtemp(prefix="ir_", dir=self.scratch)
        error: Optional[BaseException] = None
        try:
            with self.mode(graph=True):
                if dump_ir:
                    _set_save_graphs(ms, folder)
                try:
                    if isinstance(cell, ms.nn.Cell):
                        cell.compile(*inputs)
                    else:
                        cell(*inputs)
                except Exception as caught:  # pylint: disable=broad-except
                    error = caught
                    # MindSpore 2.10 may abort later in a process whose compile failed ("the GIL is
                    # released"): the next experiment gets a new process.
                    self.tainted = True
                finally:
                    if dump_ir:
                        _set_save_graphs(ms, None)
            texts = []
            for path in sorted(glob.glob(os.path.join(folder, "**", "*validate*.ir"), recursive=True)):
                with open(path, encoding="utf-8", errors="replace") as stream:
                    texts.append(stream.read())
            return error, "\n".join(texts)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def lines_in_trace(self, error: BaseException, path: str) -> List[int]:
        """Lines of ``path`` named by MindSpore's "Traceback of Net Construct Code" (and Python's)."""
        found = [start for frame_path, start, _ in frames(str(error)) if same_file(frame_path, path)]
        for frame in traceback.extract_tb(error.__traceback__):
            if same_file(frame.filename, path) and frame.lineno:
                found.append(frame.lineno)
        return found


def _set_save_graphs(ms: Any, folder: Optional[str]) -> None:
    import warnings  # pylint: disable=import-outside-toplevel

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if folder:
            ms.set_context(save_graphs=1, save_graphs_path=folder)
        else:
            ms.set_context(save_graphs=0)


def retried(function: Any, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``, once again after a SystemError: MindSpore 2.10 under numpy 2 fails a
    process's first call of some operators ("returned a result with an exception set"), and only the first."""
    try:
        return function(*args, **kwargs)
    except SystemError:
        return function(*args, **kwargs)


def arguments_text(args: Sequence[Any], kwargs: Dict[str, Any]) -> str:
    """Call arguments for evidence, each value bounded: ``8, depth=3``."""
    shown = [shown_value(arg) for arg in args] + [f"{key}={shown_value(value)}" for key, value in kwargs.items()]
    text = ", ".join(shown)
    return text if len(text) < 80 else text[:77] + "..."


def required_parameters(callable_obj: Any) -> List[str]:
    """Parameters a call without arguments would miss (empty when unknown)."""
    try:
        signature = inspect.signature(callable_obj)
    except (TypeError, ValueError):
        return []
    return [
        name
        for name, parameter in signature.parameters.items()
        if parameter.default is inspect.Parameter.empty
        and parameter.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    ]


def positional_count(function: Any) -> int:
    """How many positional arguments ``function`` requires (``self`` excluded for bound methods)."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return 1
    return sum(
        1
        for parameter in signature.parameters.values()
        if parameter.default is inspect.Parameter.empty
        and parameter.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    )


NODE_START = re.compile(r"^(%\d+\(|Return\()")
NODE_OP = re.compile(r"^(?:%\d+\([^)]*\) = )?([\w.]+)\(")


class IRNode(NamedTuple):
    op: str  # the primitive or function applied: "Switch", "PrimFunc_StridedSlice", "Return"...
    is_return: bool
    output: str  # its output abstract
    frames: List[Tuple[str, int, int]]  # its "In file" locations
    spans: Tuple[Tuple[str, int, int, Optional[int], Optional[int]], ...] = ()  # the same, with columns


def ir_nodes(text: str) -> List[IRNode]:
    """The nodes of a validated IR dump.

    A node is a line ``%7(CNode_127) = PrimFunc_StridedSlice(...)`` (or ``Return(%10)``)
    followed by ``: (inputs) -> (output)`` and ``# In file path:line...`` lines.
    """
    nodes: List[IRNode] = []
    op, output, node_frames, node_spans, inside = "", "", [], [], False
    for line in text.splitlines():
        stripped = line.strip()
        starts = bool(NODE_START.match(stripped))
        if inside and (starts or stripped == "}"):
            nodes.append(IRNode(op, op == "Return", output, node_frames, tuple(node_spans)))
            inside = False
        if starts:
            applied = NODE_OP.match(stripped)
            op, output, node_frames, node_spans, inside = applied.group(1) if applied else "", "", [], [], True
        elif inside and not output and stripped.startswith(": ("):
            output = stripped.split("->", 1)[1].strip() if "->" in stripped else stripped[2:]
        elif inside and stripped.startswith("# In file"):
            node_frames.extend(frames(stripped))
            node_spans.extend(spans(stripped))
    return nodes


def dynamic_dims(abstract: str) -> List[str]:
    """The shapes with a dynamic (-1) or unknown-rank (-2) dimension in an IR abstract.

    ``<Tensor[Float32], (-1, 3)>`` gives ``Float32(-1, 3)``; a tuple's
    ``TupleShape((-1), (2, 3))`` gives ``(-1)``.
    """
    found = []
    for match in IR_SHAPE.finditer(abstract):
        dims = [dim.strip() for dim in match.group("dims").split(",") if dim.strip()]
        if any(dim in ("-1", "-2") for dim in dims):
            found.append(f"{match.group('dtype')}({', '.join(dims)})")
    if not found and "TupleShape(" in abstract:
        for match in re.finditer(r"\((-?\d+(?:, -?\d+)*)\)", abstract.split("TupleShape(", 1)[1]):
            if any(dim.strip() in ("-1", "-2") for dim in match.group(1).split(",")):
                found.append(f"({match.group(1)})")
    return found


def short(value: Any) -> str:
    return one_line(value, 160)
