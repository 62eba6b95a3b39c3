"""Servers that run ms_lint for other programs: the language server for editors (``ms-lint lsp``,
:mod:`.lsp`) and the Model Context Protocol server for coding agents (``ms-lint mcp``, :mod:`.mcp`).

They run the lint session of the command line (:func:`ms_lint.runner.collect` and
:func:`ms_lint.fixes.engine.plan`) in one long-lived process: :mod:`.session` keeps it fresh
between runs, :mod:`.settings` turns an editor's settings into ms-lint's arguments, and
:mod:`.actions` words what an editor shows (quick fixes, pragmas, hovers). Only :mod:`.lsp`
needs the ``lsp`` extra (pygls), and :mod:`.mcp` the ``mcp`` extra.
"""
