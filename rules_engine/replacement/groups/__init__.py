"""Replacement and prevention effects by the kind of event they watch (``specs.GROUP``):
one module per group with its ``applies`` and ``apply`` (docs/architecture.md)."""
