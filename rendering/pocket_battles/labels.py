"""Words on the Pocket Battles picture, English and Chinese side by side (one picture serves
readers of both languages, as War at Sea's does)."""

from __future__ import annotations

ARMY: dict[str, tuple[str, str]] = {"celts": ("Celts", "凯尔特"), "romans": ("Romans", "罗马")}
ROLE: dict[str, tuple[str, str]] = {
    "attacker": ("Attacker", "攻方"),
    "defender": ("Defender", "守方"),
}
ROW: dict[str, tuple[str, str]] = {
    "rear": ("Rear", "后方"),
    "front": ("Front", "前方"),
    "engagement": ("Engagement", "交战区"),
}
PHASE: dict[str, tuple[str, str]] = {
    "build": ("Army building", "组军"),
    "deploy": ("Deployment", "布阵"),
    "redeploy": ("Phase 1: redeployment", "第一阶段：重新部署"),
    "order": ("Phase 2: order", "第二阶段：命令"),
    "reaction": ("Reaction", "反应"),
    "assign": ("Assigning hits", "分配伤害"),
    "overwhelm": ("Overwhelming charge", "压倒冲击"),
    "extra_order": ("Double Order", "双重命令"),
    "round_end": ("End of round", "回合结束"),
    "over": ("Battle over", "战斗结束"),
}
ORDER: dict[str, tuple[str, str]] = {
    "charge": ("Charge", "冲击"),
    "carry": ("Carry on", "持续交战"),
    "leave": ("Leave the engagement", "脱离战斗"),
    "shoot": ("Shoot", "射击"),
}
STRIKE: dict[str, tuple[str, str]] = {
    "charge": ("charge", "冲击"),
    "counter": ("counterattack", "反击"),
    "carry": ("engagement", "持续交战"),
    "free": ("free attack", "免费攻击"),
    "shot": ("shot", "射击"),
    "reaction_shot": ("shot at the charger", "射击冲击部队"),
}
REACTION: dict[str, tuple[str, str]] = {
    "intercept": ("intercepted by", "截击："),
    "shoot": ("shot at by", "射击冲击部队："),
    "hold": ("held", "等待"),
}


def both(pair: tuple[str, str]) -> str:
    return f"{pair[0]} {pair[1]}"


def army(side: str) -> tuple[str, str]:
    return ARMY.get(side, (side, side))


def phase(name: str) -> tuple[str, str]:
    return PHASE.get(name, (name, name))


def sector(column: int) -> tuple[str, str]:
    """A sector by its number, as orders name it ("sector 1"), and by each army's side of it:
    column 1 is the Roman left and the Celtic right (data/pocket_battles/battle.toml)."""
    roman = {1: ("left", "左翼"), 2: ("centre", "中路"), 3: ("right", "右翼")}[column]
    celtic = {1: ("right", "右翼"), 2: ("centre", "中路"), 3: ("left", "左翼")}[column]
    if column == 2:
        return (f"Sector {column}: centre", f"第{column}战线：中路")
    return (
        f"Sector {column}: Roman {roman[0]}, Celtic {celtic[0]}",
        f"第{column}战线：罗马{roman[1]}·凯尔特{celtic[1]}",
    )


def unit(unit_id: str) -> str:
    """A unit as orders name it ("unit 5"), both languages."""
    number = unit_id.rsplit("_", 1)[-1]
    return f"unit {number} 部队{number}"


def unit_mark(unit_id: str) -> str:
    """The short mark on a unit's plate ("#5"; the legend says it is unit 5)."""
    return "#" + unit_id.rsplit("_", 1)[-1]
