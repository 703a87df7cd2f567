"""Pocket Battles: Celts vs Romans (Z-Man Games, 2009).

Section numbers. The rule summary (shared/rules/pocket-battles-celts-vs-romans.zh.txt, the
authority) numbers its chapters 一 to 九 and their parts (一), (二)...; the code cites them
as ``Pocket Battles <chapter>.<part>`` with these stable numbers:

- 1 一 the battlefield: 1.1 fifteen zones in three sectors; 1.2 a sector fights its own.
- 2 二 the tiles: 2.2 black engagement and white shooting dice; 2.4 points and formation;
  2.5 wound points.
- 3 三 building an army: 3.1 battle size and order tokens; 3.2 choosing tiles (sealed);
  3.3 units: the formation limit, stacked with only the top tile seen.
- 4 四 deployment: 4.1 the die roll for attacker and defender; 4.2 alternate placement;
  4.3 the rest placed in order; 4.4 the stacks spread out (revealed).
- 5 五 the battle: 5.1 phase 1, redeployment; 5.2 phase 2, one order and its escalating
  cost. The summary's six orders 五(二)1-6 are numbered on: 5.3 tactical move; 5.4 charge
  (reaction, dice, hits, counterattack); 5.5 carry on an engagement; 5.6 leave an
  engagement; 5.7 shoot; 5.8 special tactics (not in the attacker's first turn).
- 6 六 6.1 pass.
- 7 七 the end of a round: 7.1 when no side has a usable token; 7.2 roles swap; 7.3 spent
  tokens come back; 7.4 wound tokens stay.
- 8 八 victory: 8.1 half the enemy's points destroyed, or a concession; 8.2 both reach half:
  the more points destroyed; 8.3 still tied: the defender.
- 9 九 the traits (the summary leaves them to the tiles; data/pocket_battles/traits.toml,
  in NOTES.md's order): 9.1 Heal, 9.2 Excite, 9.3 Double Order, 9.4 Leader, 9.5 Fast,
  9.6 Slow, 9.7 Impetus, 9.8 Overwhelming, 9.9 Fury, 9.10 +X Engagement, 9.11 +X Shooting,
  9.12 +X Wounds, 9.13 Disband, 9.14 Reactive, 9.15 Long Range, 9.16 Wide Arc.
"""

from __future__ import annotations

from bot.rules.pocket_battles.ruleset import PocketBattles

__all__ = ["RULESET", "PocketBattles"]

from bot.rules.core.registry import register

RULESET = register(PocketBattles())
