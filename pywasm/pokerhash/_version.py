"""The package version: the one place it is written (metadata, the C header and web/package.json follow it)."""

__version__ = "0.2.0"
