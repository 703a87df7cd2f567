"""Jutland's Advanced Game (Jutland 11-17) and its Tournament modules (21-23), as options of the
Basic Game engine: the rules live here and the Basic modules call them through small hooks
(an option check, a dispatch) where the Advanced rules replace or extend theirs.

- ``components``: the Advanced tables and the light-ship counters (data/jutland/advanced/);
- ``damage``: capital-ship and light-ship damage records (13.1-13.2, 12.7, 15.4);
- ``gunnery``: fire on the Gunnery Damage Table with facing and range bands (13.4, 14.3).
"""
