"""Jutland's Tournament modules (锦标赛玩法), each an option of the Advanced Game: the
search variants (一) and the battle variants (二)."""
