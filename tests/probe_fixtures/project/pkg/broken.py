"""A module whose import fails."""

VALUE = {}["missing"]
