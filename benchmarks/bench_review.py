"""Game reviews: a review's CPU time from the command to the text (``review_speed.py``).

    python -m benchmarks review      (also run by make bench)
"""

from __future__ import annotations

from benchmarks import Row
from benchmarks.review_speed import run as review_speed


def run() -> list[Row]:
    return review_speed()
