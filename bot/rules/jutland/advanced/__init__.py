"""Jutland's Advanced Game and its Tournament modules, as options of the
Basic Game engine: the rules live here and the Basic modules call them through small hooks
(an option check, a dispatch) where the Advanced rules replace or extend theirs.

- ``components``: the Advanced tables and the light-ship counters (data/jutland/advanced/,
  each value with the section that prints it).
"""
