"""Automatic fixes: ``ms-lint --fix`` applies the safe ones (``--unsafe-fixes`` the others too),
``ms-lint --diff`` shows them all.

A fixer is a module named after its rule's symbol with ``SYMBOL``, ``NODE_TYPES`` (the
astroid node types the rule reports on), ``UNSAFE`` (True when its fixes change what running
code does: ``--fix`` then applies them only with ``--unsafe-fixes``) and
``fix(node, source, context)``, which returns a
:class:`~ms_lint.fixes.base.Fix` (minimal text edits) or a
:class:`~ms_lint.fixes.base.Refusal` (why the code is left alone). A rule without a fixer is
reported as usual. Findings come from a normal lint run, so pragmas, options and
``--disable`` apply to the fixes too.
"""

from ms_lint.fixes import (
    batchnorm_torch_momentum,
    cell_container_not_registered,
    conv_padding_without_pad_mode,
    dataset_shard_arguments_swapped,
    dropout_positional_keep_prob,
    forward_without_construct,
    pytorch_method_on_cell_or_tensor,
    pytorch_name_on_mindspore_module,
)
from ms_lint.fixes import api_context_option_deprecated, api_default_changed, api_deprecated, api_removed

FIXERS = {
    fixer.SYMBOL: fixer
    for fixer in (
        cell_container_not_registered,
        forward_without_construct,
        pytorch_method_on_cell_or_tensor,
        dropout_positional_keep_prob,
        api_removed,
        api_context_option_deprecated,
        conv_padding_without_pad_mode,
        batchnorm_torch_momentum,
        api_deprecated,
        pytorch_name_on_mindspore_module,
        api_default_changed,
        dataset_shard_arguments_swapped,
    )
}
