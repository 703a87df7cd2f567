"""Game content as sourced data: every record says where its values came from, and a loader
that reads a game's data files and reports every problem in one pass.

Shared by every game's `components.py`: a record model derives from `Sourced` (status and
source for the whole record, `fields` for single values that differ), files are TOML with
arrays of tables, optional `[field_defaults.<section>.<field>]` provenance and optional
`[record_defaults.<section>]` values every record of a long table shares (a map's 720 hexes
need not repeat one stand-in source each), and
`DataError` lists every problem found, so a broken data edit is fixed in one run.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

# confirmed: read off a named source; rules: printed in the rulebook; transcribed: a third
# party's transcription of the printed component, not checked against it; inferred: reasoned
# from sources; standin: a documented guess, replaceable by printed values without code changes.
Status = Literal["confirmed", "rules", "transcribed", "inferred", "standin"]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class Provenance(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Status
    source: str = Field(min_length=1)


class Sourced(Provenance):
    """A record whose values share one provenance unless `fields` names a different one."""

    fields: dict[str, Provenance] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _fields_exist(self) -> Sourced:
        unknown = sorted(set(self.fields) - set(type(self).model_fields))
        if unknown:
            raise ValueError(f"provenance given for unknown field(s) {unknown}")
        return self

    def provenance(self, field: str) -> Provenance:
        return self.fields.get(field) or Provenance(status=self.status, source=self.source)


@dataclass(frozen=True)
class DataProblem:
    file: str
    record: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.record}: {self.message}"


class DataError(Exception):
    """Every problem found in a game's data files, not just the first."""

    def __init__(self, problems: Iterable[DataProblem], game: str = "game") -> None:
        self.problems = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in {game} data:\n{lines}")


Report = Callable[[str, str, str], None]
M = TypeVar("M", bound=BaseModel)


class Loader:
    """Reads the TOML files of one game folder; collects problems instead of raising.

    `files` maps each file name to its allowed top-level keys (`field_defaults` is always
    allowed), so a misspelt section is reported rather than silently ignored.
    """

    def __init__(self, root: Path, files: Mapping[str, frozenset[str]]) -> None:
        self.root = root
        self.files = files
        self.problems: list[DataProblem] = []
        self.docs: dict[str, dict[str, Any]] = {name: self._read(name) for name in files}

    def problem(self, file: str, record: str, message: str) -> None:
        self.problems.append(DataProblem(file, record, message))

    def _read(self, name: str) -> dict[str, Any]:
        try:
            doc = tomllib.loads((self.root / name).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            self.problem(name, "(file)", str(exc))
            return {}
        for key in sorted(set(doc) - self.files[name] - {"field_defaults", "record_defaults"}):
            self.problem(name, key, "unknown top-level key")
        return doc

    def validate(self, file: str, label: str, model: type[M], data: Any) -> M | None:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors():
                where = ".".join(str(p) for p in err["loc"]) or "(record)"
                self.problem(file, label, f"{where}: {err['msg']}")
            return None

    def records(self, file: str, section: str, model: type[M], key: str = "id") -> dict[Any, M]:
        """An array of tables keyed by `key`; `field_defaults.<section>` provenance is merged
        under each record's own `fields`."""
        doc = self.docs[file]
        items = doc.get(section)
        if not isinstance(items, list):
            if doc:
                self.problem(file, section, "missing or not an array of tables")
            return {}
        all_defaults = doc.get("field_defaults", {})
        defaults = all_defaults.get(section, {}) if isinstance(all_defaults, dict) else {}
        shared = doc.get("record_defaults", {})
        shared = shared.get(section, {}) if isinstance(shared, dict) else {}
        out: dict[Any, M] = {}
        for index, item in enumerate(items):
            ident = item.get(key) if isinstance(item, dict) else None
            label = f"{section} {ident if ident is not None else f'#{index + 1}'}"
            if isinstance(item, dict) and isinstance(shared, dict):
                data = {**shared, **item}
            else:
                data = item
            own = item.get("fields", {}) if isinstance(item, dict) else None
            if defaults and isinstance(defaults, dict) and isinstance(own, dict):
                data = {**data, "fields": {**defaults, **own}}
            record = self.validate(file, label, model, data)
            if record is None:
                continue
            ident = getattr(record, key)
            if ident in out:
                self.problem(file, label, f"duplicate {key} {ident!r}")
            out[ident] = record
        return out

    def rows(self, file: str, section: str, model: type[M]) -> list[M]:
        """An array of tables without a key (placements, hexsides): validated in order."""
        doc = self.docs[file]
        items = doc.get(section, [])
        if not isinstance(items, list):
            self.problem(file, section, "not an array of tables")
            return []
        shared = doc.get("record_defaults", {})
        shared = shared.get(section, {}) if isinstance(shared, dict) else {}
        out: list[M] = []
        for index, item in enumerate(items, start=1):
            data = {**shared, **item} if isinstance(item, dict) else item
            record = self.validate(file, f"{section} #{index}", model, data)
            if record is not None:
                out.append(record)
        return out

    def single(self, file: str, section: str, model: type[M]) -> M | None:
        if section not in self.docs[file]:
            if self.docs[file]:
                self.problem(file, section, "missing table")
            return None
        return self.validate(file, section, model, self.docs[file][section])


def check_adjacency(
    report: Report, file: str, section: str, neighbours: Mapping[str, Iterable[str]]
) -> None:
    """A map's adjacency lists: no place next to itself, every neighbour exists, and every
    connection is listed from both ends (a one-sided edit is the usual data slip)."""
    for ident, near in neighbours.items():
        label = f"{section} {ident}"
        for other in near:
            if other == ident:
                report(file, label, "adjacent to itself")
            elif other not in neighbours:
                report(file, label, f"adjacent {other!r} does not exist")
            elif ident not in neighbours[other]:
                report(file, label, f"adjacency not symmetric: {other!r} does not list it")
