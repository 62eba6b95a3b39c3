"""What a name refers to: imports and qualified names, the catalog, the module index, constants,
resolution to the user's definitions, and the per-run memos. Imports nothing else of the semantics."""
