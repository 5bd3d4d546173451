"""A 95% interval for the mean of paired differences, shared by the review's deeper look
(answers compared in the same worlds) and its chart's swings (a moment measured in the same
worlds before and after). Student's t for few worlds: with five degrees of freedom the normal
1.96 gives an interval a third too narrow."""

from __future__ import annotations

import math

Z = 1.96             # a 95% interval, with many worlds
# Student's t at 97.5% by degrees of freedom (1 to 30); 1.96 beyond
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def mean_interval(diffs: list[float]) -> tuple[float, float, float]:
    """The mean of `diffs` and its 95% interval ((0, 0, 0) with fewer than two)."""
    m = len(diffs)
    if m < 2:
        return 0.0, 0.0, 0.0
    mean = sum(diffs) / m
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (m - 1) / m)
    z = T975[m - 2] if m - 1 <= len(T975) else Z
    return mean, mean - z * se, mean + z * se
