"""War at Sea 4: the opening position. British ships in England or Malta (the Allies' first
decision), German ships in Germany, Italian ships in Italy; reinforcements wait on the track."""

from __future__ import annotations

from bot.rules.core import Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import PlaceShips
from bot.rules.war_at_sea.forms import In, forms, loc_options, plain, ship_options
from bot.rules.war_at_sea.options import WarAtSeaOptions
from bot.rules.war_at_sea.state import UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import unit_events

ARMOR_18_1 = {"bismarck": 7, "tirpitz": 7}  # War at Sea 18.1


def new_state(ruleset_id: str, scenario: str, options: WarAtSeaOptions) -> WarAtSeaState:
    c = board.comps()
    units: dict[str, UnitState] = {}
    for rec in c.units.values():
        if rec.type == "land_based_air":
            continue  # the air-strike markers are not counters on the map (3.4)
        armor = ARMOR_18_1.get(rec.id, rec.armor) if options.variant_18_1 else rec.armor
        unit = UnitState(
            id=rec.id,
            name=rec.name,
            nationality=rec.nationality,
            side=rec.side,
            type=rec.type,
            gunnery=rec.gunnery,
            armor=armor,
            speed=rec.speed,
            air=rec.air,
            asw=rec.asw,
        )
        if rec.arrival_turn == 1:
            # War at Sea 4.3: each nation's ships start at home (the first listed port).
            placement = c.placement(rec.id)
            assert placement is not None and placement.setup_ports
            unit.location = placement.setup_ports[0]
            unit.status = "active"
        units[rec.id] = unit
    # War at Sea 8.6 and the turn track: the first flotillas start in Germany.
    pool = [u for u in units.values() if u.type == "uboat"]
    for u in pool[: c.turn(1).uboat_flotillas]:
        u.location = board.GERMANY
        u.status = "active"
    return WarAtSeaState(
        ruleset=ruleset_id,
        scenario=scenario,
        seats=("allies", "axis"),
        options=options,
        units=units,
        control=dict.fromkeys(board.areas()),
    )


def setup_ports(unit_id: str) -> tuple[str, ...]:
    placement = board.comps().placement(unit_id)
    return placement.setup_ports if placement else ()


def placeable(state: WarAtSeaState) -> list[UnitState]:
    return [
        u
        for u in state.units.values()
        if u.side == "allies" and u.status == "active" and len(setup_ports(u.id)) > 1
    ]


def prompts(state: WarAtSeaState) -> list[Prompt]:
    if state.done["allies"]:
        return []
    ships = placeable(state)
    ports = sorted({p for u in ships for p in setup_ports(u.id)}, key=board.ports().index)
    place = forms(
        "place_ships",
        t("was.form.place_ships"),
        [
            In("ships", t("was.input.ships"), ship_options(ships), kind="many"),
            In("port", t("was.input.port"), loc_options(ports)),
        ],
    )
    return [
        Prompt(
            id=f"setup.allies.{sum(1 for u in ships if u.location != ports[0])}",
            seat="allies",
            kind="was.setup",
            title=t("was.prompt.setup"),
            section="War at Sea 4.3",
            forms=(*place, plain("setup_done", "was.form.setup_done")),
            default={"type": "setup_done"},
        )
    ]


def place(state: WarAtSeaState, action: PlaceShips) -> list[Event]:
    if not action.ships:
        raise RuleViolation("was.order.no_ships", "War at Sea 4.3")
    events: list[Event] = []
    for ship in action.ships:
        u = state.units.get(ship)
        if u is None or u.side != "allies" or u.status != "active":
            raise RuleViolation("was.unit.unknown", "War at Sea 4.3", ship=ship)
        if action.port not in setup_ports(ship):
            raise RuleViolation("was.setup.port", "War at Sea 4.3", port=action.port)
    for ship in action.ships:
        u = state.units[ship]
        u.location = action.port
        events += unit_events(state, "was.placed", u, where=action.port)
    return events
