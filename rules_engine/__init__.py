"""Layerlab's rules engine: continuous effects (CR 611-613) and replacement
and prevention effects (CR 614-616), explained step by step.

Framework-free on purpose: the site, the command line and the tests all call
the same pure functions, so the answer a learner is checked against is the
answer the engine computes.
"""
