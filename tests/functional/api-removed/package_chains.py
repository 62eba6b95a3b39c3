"""A removed module reached through its package, and a removed Primitive through ``ops.operations``."""
# pylint: disable=unused-import,reimported,ungrouped-imports,invalid-name
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import mindspore.dataset.vision.py_transforms  # [api-removed]
import mindspore.ops as ops
from mindspore.ops import operations as P
from mindspore.ops.operations import BatchNorm  # still there
from mindspore.ops.operations import BNTrainingUpdate  # [api-removed]

resize = ds.vision.c_transforms.Resize(224)  # [api-removed]
cast = ds.transforms.c_transforms.TypeCast(1)  # [api-removed]
decode = vision.c_transforms.Decode()  # [api-removed]
to_tensor = mindspore.dataset.vision.py_transforms.ToTensor()  # reported at its import
current = ds.vision.Resize(224)
reduce_op = P.BNTrainingReduce()  # [api-removed]
same_op = ops.operations.BNTrainingReduce()  # [api-removed]
batch_norm = P.BatchNorm()
