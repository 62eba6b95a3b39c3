"""Code written for several MindSpore versions uses old and new names on purpose: silent there."""
# pylint: disable=unused-import,reimported,ungrouped-imports,import-outside-toplevel,invalid-name
import mindspore as ms
from mindspore import nn, ops
from mindspore.train.serialization import load_checkpoint

try:
    from mindspore import jit
except ImportError:
    from mindspore import ms_function as jit  # the alternative for old versions

try:
    from mindspore.dataset.vision import c_transforms as C  # the old module tried first
except (ModuleNotFoundError, AttributeError):
    import mindspore.dataset.vision as C

try:
    import mindspore.dataset.vision.py_transforms as P  # [api-removed]
except ValueError:  # not what a missing module raises
    P = None

if ms.__version__ < "2.0":
    from mindspore import ms_class as jit_class
else:
    from mindspore import jit_class


def is_version_ge(current, base):
    return current >= base


def transforms():
    if is_version_ge(ms.__version__, "1.8.0"):
        import mindspore.dataset.vision as vision
    else:
        import mindspore.dataset.vision.c_transforms as vision
    return vision


MS_VERSION = tuple(int(part) for part in ms.__version__.split(".")[:2])
compile_fn = ms.ms_function(transforms) if MS_VERSION < (2, 0) else ms.jit(transforms)


def profile_handler():
    if hasattr(ms.profiler, "tensorboard_trace_handler"):
        return ms.profiler.tensorboard_trace_handler
    from mindspore.profiler import tensor_board_trace_handler
    return tensor_board_trace_handler


def after_the_guard(fn):
    if is_version_ge(ms.__version__, "1.8.0"):
        print("new")  # falls through: what follows runs on every version
    return ms.ms_function(fn)  # [api-removed]


def model_option(args, fn):
    if args.model_version == "v2":  # a version of the model, not of MindSpore
        return ms.ms_function(fn)  # [api-removed]
    return None


try:  # guards the imports of a script, not a version
    import mindspore.nn as mnn
    ms.set_context(device_target="CPU")  # [api-context-option-deprecated]
    TRAIN_ONE_STEP = mnn.TrainOneStepCell
except ImportError:
    TRAIN_ONE_STEP = None

try:
    ms.profiler.tensor_board_trace_handler()  # [api-removed]
except Exception:  # pylint: disable=broad-except  # guards any code, not a version
    pass

try:
    ops.ResizeBilinear((2, 2))  # tried first; AttributeError where it is gone
except AttributeError:
    ops.ResizeBilinearV2()
