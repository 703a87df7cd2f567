"""The play variants of Jutland 23 (Tournament 三): the mini-scenarios (23.1: ``data``,
``setup``, ``victory``) and solitaire against the bot (三.B: bot/rules/jutland/solo.py)."""
