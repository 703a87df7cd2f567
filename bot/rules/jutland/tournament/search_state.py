"""The Tournament search modules' part of the state (Jutland 21): present only when one of
them is chosen. Everything here but ``finds``, ``disclosed``, ``counts`` and ``sweep`` is
held for one side alone (views and ``secrets`` keep it there)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class UGroup(BaseModel):
    """A group of U-boats moving together on the search sheet (21.5 items 1, 2, 8)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    boats: list[str]
    hex: str
    plotted: str | None = None
    moved_at: int | None = None


class Airship(BaseModel):
    """A Zeppelin (21.6): in her base (``left_at`` None) or at sea; ``passed``: the hexes of
    this hour's flight, the first and the second (what her search may announce)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    base: str
    hex: str
    left_at: int | None = None
    plotted: list[str] | None = None
    passed: list[str] = Field(default_factory=list)
    roll: int | None = None
    """This hour's roll on the Airship Search Visibility Table (21.6 item 5)."""


class Find(BaseModel):
    """A U-boat or airship search (21.5 item 5, 21.6 items 4-6): the hex and the answer.
    Both players hear it, as every announcement (3.3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hour: int
    by: str
    """"uboats" or "airship"."""
    hex: str
    found: bool


class SubAction(BaseModel):
    """A submarine action (21.5 item 6): the boats and the British ships of one hex, and
    the sealed choices of both sides (neither sees the other's until both chose)."""

    model_config = ConfigDict(extra="forbid")

    hex: str
    boats: list[str]
    ships: list[str]
    british: str | None = None
    german: str | None = None
    targets: list[str] = Field(default_factory=list)


class SweepMark(BaseModel):
    """Where a task force was at an hour of the initial movement with the British sweep
    (21.2): what rule 6 rubs the pencil lines back to."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hour: int
    tf: str
    hex: str | None
    came_from: str | None
    left_at: int | None
    moved_at: int | None
    track: int


class SweepResult(BaseModel):
    """21.2 items 3-4: the German's initial hexes announced, the German's hour in each hex
    the British had swept ("contact; time?"), and the contact found, if any."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hexes: list[str]
    times: dict[str, int]
    contact: tuple[int, str] | None = None


class TSearchState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fast_search: bool = False
    sweep: bool = False
    extra_forces: bool = False
    redeployment: bool = False
    uboats: bool = False
    zeppelins: bool = False
    resume: str = "initial"
    """The phase the game goes on with after the set-up orders (a mini-scenario's own)."""
    orders: dict[str, int] = Field(default_factory=dict)
    """Set-up orders given per side (part of its prompt's id)."""
    deployed: list[str] = Field(default_factory=list)
    """Sides done with their set-up orders (21.4, 21.5 item 3, 21.6 item 2)."""
    stations: dict[str, str] = Field(default_factory=dict)
    """21.4: British counter -> the base hex it is redeployed to."""
    counts: dict[str, int] = Field(default_factory=dict)
    """21.4 item 4: the British capital ships at each base, told to the German."""
    via: dict[str, str] = Field(default_factory=dict)
    """21.1: a fast task force's plotted first hex this hour."""
    passed: dict[str, str] = Field(default_factory=dict)
    """21.1: a fast task force's first hex of the hour it just moved (its second is its hex)."""
    groups: dict[str, UGroup] = Field(default_factory=dict)
    attacks: dict[str, int] = Field(default_factory=dict)
    """21.5 item 7: the attacks each boat has made."""
    sunk_boats: list[str] = Field(default_factory=list)
    disclosed: list[str] = Field(default_factory=list)
    """21.5 item 3: the hexes of wolfpacks that started in shaded hexes (told the British)."""
    actions: list[SubAction] = Field(default_factory=list)
    airships: dict[str, Airship] = Field(default_factory=dict)
    lost_airships: list[str] = Field(default_factory=list)
    finds: list[Find] = Field(default_factory=list)
    sweep_log: list[SweepMark] = Field(default_factory=list)
    sweep_result: SweepResult | None = None

    def copy_(self) -> TSearchState:
        """A copy with its own mutable parts, frozen ones shared (the state's copy before
        every order: a generic deep copy of this part was a third of an order's time)."""
        twin = self.__copy__()
        d = twin.__dict__
        for name in ("orders", "stations", "counts", "via", "passed", "attacks"):
            d[name] = dict(d[name])
        for name in ("deployed", "sunk_boats", "disclosed", "lost_airships", "finds", "sweep_log"):
            d[name] = list(d[name])
        d["groups"] = {
            k: g.model_copy(update={"boats": list(g.boats)}) for k, g in self.groups.items()
        }
        d["airships"] = {
            k: a.model_copy(
                update={"passed": list(a.passed),
                        "plotted": None if a.plotted is None else list(a.plotted)}
            )
            for k, a in self.airships.items()
        }  # fmt: skip
        d["actions"] = [a.model_copy(update={"targets": list(a.targets)}) for a in self.actions]
        return twin
