"""Fix for batchnorm-torch-momentum: PyTorch's momentum becomes MindSpore's, its complement.

``nn.BatchNorm2d(c, momentum=0.1)`` -> ``momentum=0.9``: a literal is replaced by its complement,
computed in decimal (``0.03`` -> ``0.97``); a name (``momentum=BN_MOMENTUM``) becomes
``1 - BN_MOMENTUM`` where it is passed, which leaves the constant, and its other users, alone.
Unsafe: the running statistics then follow the data as the author meant, which changes training
and every checkpoint's moving mean and variance.
"""

from __future__ import annotations

from typing import Union

from astroid import nodes

from ms_lint.fixes.base import Edit, Fix, Refusal, Source, complement, end_of, start_of
from ms_lint.language import Text

SYMBOL = "batchnorm-torch-momentum"
NODE_TYPES = (nodes.Const, nodes.Name)
UNSAFE = True  # the moving statistics then change as the author meant: training changes

NOT_A_NUMBER = Text("%s is not written as a plain number", "%s 不是以普通数字写出的")


def fix(argument: Union[nodes.Const, nodes.Name], source: Source, context) -> Union[Fix, Refusal]:  # pylint: disable=unused-argument
    written = source.slice(start_of(argument), end_of(argument))
    text = f"1 - {written}" if isinstance(argument, nodes.Name) else complement(written)
    if text is None:
        return Refusal(NOT_A_NUMBER % (written,))
    return Fix([Edit(start_of(argument), end_of(argument), text)], f"momentum={written} -> momentum={text}")
