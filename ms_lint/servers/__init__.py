"""Long-lived servers that run ms_lint for other programs (editors, coding agents)."""
