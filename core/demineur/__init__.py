"""Démineur, the back end: rules, kernels, analysis, no-guess boards, scores, statistics."""
