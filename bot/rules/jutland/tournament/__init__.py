"""The Tournament modules of Jutland (锦标赛玩法): each an option of the Advanced Game."""
