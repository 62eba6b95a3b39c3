"""MindSpore facts as data: the API catalog and version- or backend-specific tables."""
