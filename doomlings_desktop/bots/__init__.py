"""Deciders that play seats: each sees only `view_for(its seat)` and has its own generator."""
