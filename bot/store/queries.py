"""The SQL, as plain synchronous functions on a DB-API connection (run by a Store backend):
a sqlite3 connection, or a PgConn (PostgreSQL, same ``?`` placeholders). The statements are
written in the SQL both dialects share (ON CONFLICT, RETURNING); the few that differ ask
``_pg``."""

from __future__ import annotations

import base64
import functools
import json
import sqlite3
import zlib
from typing import Any

from bot.rules.core import Event, Roll, Text
from bot.store.records import Commit, Deadline, GameRecord, LoadedGame, LogEntry, OutboxMessage

_GAME_COLUMNS = (
    "id, guild_id, channel_id, thread_id, ruleset, scenario, options, settings, status, "
    "version, next_roll, seed, commitment, created_by, created_at, updated_at"
)
_UPDATABLE = {"channel_id", "thread_id", "settings", "status", "options", "scenario", "updated_at"}


def _pg(c: Any) -> bool:
    return getattr(c, "dialect", "sqlite") == "postgres"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


PACKED = "z:"
PACK_ABOVE = 512


def pack(text: str) -> str:
    """Large JSON (a state snapshot, a combat's events) stored compressed: zlib, then base64
    so the column stays text on every backend, marked with a prefix JSON never starts with.
    A War at Sea snapshot goes from 37 KB to under 4 KB; small values are kept as they are."""
    if len(text) <= PACK_ABOVE:
        return text
    return PACKED + base64.b64encode(zlib.compress(text.encode(), 6)).decode("ascii")


def unpack(stored: str) -> str:
    if not stored.startswith(PACKED):
        return stored  # plain JSON: small, or written before packing existed
    return zlib.decompress(base64.b64decode(stored[len(PACKED) :])).decode()


def _game(row: tuple[Any, ...]) -> GameRecord:
    keys = [k.strip() for k in _GAME_COLUMNS.split(",")]
    data = dict(zip(keys, row, strict=True))
    data["options"] = json.loads(data["options"])
    data["settings"] = json.loads(data["settings"])
    return GameRecord.model_validate(data)


# --- games ----------------------------------------------------------------------------------
def insert_game(c: sqlite3.Connection, g: GameRecord) -> None:
    c.execute(
        f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({', '.join('?' * 16)})",
        (
            g.id,
            g.guild_id,
            g.channel_id,
            g.thread_id,
            g.ruleset,
            g.scenario,
            _dumps(g.options),
            _dumps(g.settings),
            g.status,
            g.version,
            g.next_roll,
            g.seed,
            g.commitment,
            g.created_by,
            g.created_at,
            g.updated_at,
        ),
    )


def select_game(c: sqlite3.Connection, game_id: str) -> GameRecord | None:
    row = c.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return _game(row) if row else None


def select_games(
    c: sqlite3.Connection,
    guild_id: str | None,
    statuses: tuple[str, ...] | None,
    newest: int | None = None,
) -> list[GameRecord]:
    """Oldest first; with ``newest``, only that many of the newest (the index on guild,
    status and creation time serves both without reading the server's other games)."""
    sql, params = f"SELECT {_GAME_COLUMNS} FROM games WHERE 1=1", []
    if guild_id is not None:
        sql += " AND guild_id = ?"
        params.append(guild_id)
    if statuses:
        sql += f" AND status IN ({', '.join('?' * len(statuses))})"
        params.extend(statuses)
    if newest is None:
        return [_game(r) for r in c.execute(sql + " ORDER BY created_at, id", params)]
    rows = c.execute(sql + " ORDER BY created_at DESC, id DESC LIMIT ?", (*params, newest))
    return [_game(r) for r in reversed(rows.fetchall())]


def select_game_by_thread(c: sqlite3.Connection, thread_id: str) -> GameRecord | None:
    row = c.execute(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE thread_id = ? ORDER BY created_at DESC LIMIT 1",
        (thread_id,),
    ).fetchone()
    return _game(row) if row else None


def select_games_of_user(
    c: sqlite3.Connection, user_id: str, statuses: tuple[str, ...] | None = None
) -> list[tuple[GameRecord, str]]:
    cols = ", ".join(f"g.{k.strip()}" for k in _GAME_COLUMNS.split(","))
    sql, params = (
        f"SELECT {cols}, s.seat FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?",
        [user_id],
    )
    if statuses:
        sql += f" AND g.status IN ({', '.join('?' * len(statuses))})"
        params.extend(statuses)
    rows = c.execute(sql + " ORDER BY g.created_at, g.id, s.seat", params).fetchall()
    return [(_game(r[:-1]), r[-1]) for r in rows]


def select_seats_of(c: sqlite3.Connection, game_ids: list[str]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {g: {} for g in game_ids}
    if game_ids:
        rows = c.execute(
            "SELECT game_id, seat, user_id FROM seats"
            f" WHERE game_id IN ({', '.join('?' * len(game_ids))}) ORDER BY game_id, seat",
            game_ids,
        )
        for game_id, seat, user in rows:
            out[game_id][seat] = user
    return out


def update_game(c: sqlite3.Connection, game_id: str, fields: dict[str, Any]) -> None:
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise ValueError(f"cannot update {sorted(unknown)}")
    values = {k: _dumps(v) if k in ("settings", "options") else v for k, v in fields.items()}
    sets = ", ".join(f"{k} = ?" for k in values)
    c.execute(f"UPDATE games SET {sets} WHERE id = ?", (*values.values(), game_id))


def game_version(c: sqlite3.Connection, game_id: str) -> int | None:
    row = c.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return int(row[0]) if row else None


def lock_game_version(c: sqlite3.Connection, game_id: str) -> int | None:
    """The game's version, its row locked until the transaction ends (PostgreSQL; SQLite's
    BEGIN IMMEDIATE already holds the whole database)."""
    sql = "SELECT version FROM games WHERE id = ?" + (" FOR UPDATE" if _pg(c) else "")
    row = c.execute(sql, (game_id,)).fetchone()
    return int(row[0]) if row else None


# --- seats ----------------------------------------------------------------------------------
def select_seats(c: sqlite3.Connection, game_id: str) -> dict[str, str]:
    rows = c.execute("SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    return {seat: user for seat, user in rows}


def upsert_seat(c: sqlite3.Connection, game_id: str, seat: str, user_id: str | None) -> None:
    if user_id is None:
        c.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
    else:
        c.execute(
            "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id",
            (game_id, seat, user_id),
        )


# --- the log --------------------------------------------------------------------------------
def action_n_for_key(c: sqlite3.Connection, game_id: str, key: str) -> int | None:
    row = c.execute("SELECT n FROM actions WHERE game_id = ? AND key = ?", (game_id, key))
    found = row.fetchone()
    return int(found[0]) if found else None


def write_commit(c: sqlite3.Connection, m: Commit) -> None:
    e = m.entry
    c.execute(
        "INSERT INTO actions (game_id, n, seat, user_id, key, action, events, reveals, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            m.game_id,
            e.n,
            e.seat,
            e.user_id,
            e.key,
            _dumps(e.action),
            pack(_dumps([ev.model_dump(mode="json", exclude_defaults=True) for ev in e.events])),
            int(e.reveals),
            e.created_at,
        ),
    )
    if e.rolls:
        c.executemany(
            "INSERT INTO rolls (game_id, n, action_n, label, sides, value, private_to)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (m.game_id, r.n, e.n, _dumps(r.label.model_dump()), r.sides, r.value, r.private_to)
                for r in e.rolls
            ],
        )
    next_roll = e.rolls[-1].n + 1 if e.rolls else None
    c.execute(
        "UPDATE games SET version = version + 1, next_roll = COALESCE(?, next_roll),"
        " status = COALESCE(?, status), updated_at = ? WHERE id = ?",
        (next_roll, m.status, e.created_at, m.game_id),
    )
    if m.snapshot is not None:
        c.execute(
            "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, n) DO UPDATE SET state = excluded.state",
            (m.game_id, e.n, pack(m.snapshot)),
        )
        prune_snapshots(c, m.game_id)
    if m.fired_deadline is not None:
        seat, prompt_id = m.fired_deadline
        c.execute(
            "UPDATE deadlines SET fired = 1 WHERE game_id = ? AND seat = ? AND prompt_id = ?",
            (m.game_id, seat, prompt_id),
        )
    replace_deadlines(c, m.game_id, m.deadlines)
    insert_outbox(c, m.outbox)


KEPT_SNAPSHOTS = 2
"""The newest snapshots kept per game: the last for a cold load, the one before for an undo of
the last order (which deletes the snapshot after it). The log is the record: a state older than
both is replayed from the set-up."""


def prune_snapshots(c: sqlite3.Connection, game_id: str) -> None:
    c.execute(
        "DELETE FROM snapshots WHERE game_id = ? AND (SELECT COUNT(*) FROM snapshots newer"
        " WHERE newer.game_id = snapshots.game_id AND newer.n > snapshots.n) >= ?",
        (game_id, KEPT_SNAPSHOTS),
    )


def mark_undone(c: sqlite3.Connection, game_id: str, n: int, version: int) -> None:
    c.execute("UPDATE actions SET undone = 1 WHERE game_id = ? AND n = ?", (game_id, n))
    c.execute("DELETE FROM snapshots WHERE game_id = ? AND n >= ?", (game_id, n))
    c.execute("UPDATE games SET version = ? WHERE id = ?", (version, game_id))


def _entries(c: sqlite3.Connection, game_id: str, rows: list[tuple[Any, ...]]) -> list[LogEntry]:
    if not rows:
        return []
    first = rows[0][0]
    rolls: dict[int, list[Roll]] = {}
    for n, action_n, label, sides, value, private_to in c.execute(
        "SELECT n, action_n, label, sides, value, private_to FROM rolls"
        " WHERE game_id = ? AND action_n >= ? ORDER BY n",
        (game_id, first),
    ):
        roll = Roll(
            n=n,
            label=Text.model_validate_json(label),
            sides=sides,
            value=value,
            private_to=private_to,
        )
        rolls.setdefault(action_n, []).append(roll)
    return [
        LogEntry(
            n=n,
            seat=seat,
            user_id=user,
            key=key,
            action=json.loads(action),
            events=[Event.load(e) for e in json.loads(unpack(events))],
            rolls=rolls.get(n, []),
            reveals=bool(reveals),
            undone=bool(undone),
            created_at=at,
        )
        for n, seat, user, key, action, events, reveals, undone, at in rows
    ]


_ENTRY_COLUMNS = "n, seat, user_id, key, action, events, reveals, undone, created_at"


def select_log(c: sqlite3.Connection, game_id: str, after: int) -> list[LogEntry]:
    rows = c.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM actions WHERE game_id = ? AND n > ? ORDER BY n",
        (game_id, after),
    ).fetchall()
    return _entries(c, game_id, rows)


def select_entry_by_key(c: sqlite3.Connection, game_id: str, key: str) -> LogEntry | None:
    rows = c.execute(
        f"SELECT {_ENTRY_COLUMNS} FROM actions WHERE game_id = ? AND key = ?", (game_id, key)
    ).fetchall()
    entries = _entries(c, game_id, rows)
    return entries[0] if entries else None


def load_game(c: sqlite3.Connection, game_id: str) -> LoadedGame | None:
    record = select_game(c, game_id)
    if record is None:
        return None
    snap = c.execute(
        "SELECT n, state FROM snapshots WHERE game_id = ? ORDER BY n DESC LIMIT 1", (game_id,)
    ).fetchone()
    after = snap[0] if snap else -1
    tail = [e for e in select_log(c, game_id, after) if not e.undone]
    return LoadedGame(
        record=record,
        seats=select_seats(c, game_id),
        snapshot_n=snap[0] if snap else None,
        snapshot=unpack(snap[1]) if snap else None,
        tail=tail,
    )


def load_game_at(c: sqlite3.Connection, game_id: str, version: int) -> LoadedGame | None:
    """What replays the game as it was at ``version``: the newest snapshot before it and the
    log entries after that snapshot that counted then. An undone entry k was undone at
    version k + 1 (only the last entry can be), so it still counts for version k + 1."""
    record = select_game(c, game_id)
    if record is None:
        return None
    snap = c.execute(
        "SELECT n, state FROM snapshots WHERE game_id = ? AND n < ? ORDER BY n DESC LIMIT 1",
        (game_id, version),
    ).fetchone()
    after = snap[0] if snap else -1
    tail = [
        e
        for e in select_log(c, game_id, after)
        if e.n < version and (not e.undone or e.n == version - 1)
    ]
    return LoadedGame(
        record=record,
        seats=select_seats(c, game_id),
        snapshot_n=snap[0] if snap else None,
        snapshot=unpack(snap[1]) if snap else None,
        tail=tail,
    )


# --- deadlines ------------------------------------------------------------------------------
_DEADLINE_COLUMNS = "game_id, seat, prompt_id, due_at, remind_at, reminded, fired"


def _deadline(row: tuple[Any, ...]) -> Deadline:
    keys = [k.strip() for k in _DEADLINE_COLUMNS.split(",")]
    return Deadline.model_validate(dict(zip(keys, row, strict=True)))


def replace_deadlines(c: sqlite3.Connection, game_id: str, deadlines: list[Deadline]) -> None:
    """Keep a seat's running deadline while it owes the same prompt; otherwise replace it."""
    keep = {(d.seat, d.prompt_id) for d in deadlines}
    for seat, prompt_id in c.execute(
        "SELECT seat, prompt_id FROM deadlines WHERE game_id = ?", (game_id,)
    ).fetchall():
        if (seat, prompt_id) not in keep:
            c.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat))
    c.executemany(
        f"INSERT INTO deadlines ({_DEADLINE_COLUMNS}) VALUES (?, ?, ?, ?, ?, 0, 0)"
        " ON CONFLICT DO NOTHING",
        [(game_id, d.seat, d.prompt_id, d.due_at, d.remind_at) for d in deadlines],
    )


def select_deadlines(c: sqlite3.Connection, game_id: str) -> list[Deadline]:
    rows = c.execute(
        f"SELECT {_DEADLINE_COLUMNS} FROM deadlines WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [_deadline(r) for r in rows]


def select_due_deadlines(c: sqlite3.Connection, now: float) -> list[Deadline]:
    rows = c.execute(
        f"SELECT {_DEADLINE_COLUMNS} FROM deadlines WHERE fired = 0 AND"
        " (due_at <= ? OR (reminded = 0 AND remind_at IS NOT NULL AND remind_at <= ?))"
        " ORDER BY due_at",
        (now, now),
    )
    return [_deadline(r) for r in rows]


def flag_deadline(c: sqlite3.Connection, d: Deadline, flag: str) -> bool:
    if flag not in ("reminded", "fired"):
        raise ValueError(flag)
    cur = c.execute(
        f"UPDATE deadlines SET {flag} = 1 WHERE game_id = ? AND seat = ? AND prompt_id = ?"
        f" AND {flag} = 0 AND fired = 0",
        (d.game_id, d.seat, d.prompt_id),
    )
    return cur.rowcount == 1


# --- outbox and notices ---------------------------------------------------------------------
_OUTBOX_COLUMNS = (
    "id, game_id, audience, kind, payload, dedupe, created_at, delivered_at, attempts, run_end"
)


_OUTBOX_KEYS = [k.strip() for k in _OUTBOX_COLUMNS.split(",")]


def _message(row: tuple[Any, ...]) -> OutboxMessage:
    try:
        return _known_message(tuple(row))
    except TypeError:  # a value a backend gave that does not hash: parse it afresh
        return _parse_message(tuple(row))


def _parse_message(row: tuple[Any, ...]) -> OutboxMessage:
    data = dict(zip(_OUTBOX_KEYS, row, strict=True))
    data["payload"] = json.loads(data["payload"])
    return OutboxMessage.model_validate(data)


_known_message = functools.lru_cache(maxsize=4096)(_parse_message)
"""Messages by their row, whole: delivery claims every pending message again on each pass (its
leases renewed), and parsing the same payloads again took half the store thread's time in
`bench delivery` (issue 9). A row read again with anything changed (attempts, run_end) is
another key; the messages are frozen, and their payloads are only read."""


def insert_outbox(c: sqlite3.Connection, messages: list[OutboxMessage]) -> None:
    c.executemany(
        "INSERT INTO outbox (game_id, audience, kind, payload, dedupe, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [
            (m.game_id, m.audience, m.kind, _dumps(m.payload), m.dedupe, m.created_at)
            for m in messages
        ],
    )


def select_pending(c: sqlite3.Connection, limit: int) -> list[OutboxMessage]:
    rows = c.execute(
        f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE delivered_at IS NULL ORDER BY id LIMIT ?",
        (limit,),
    )
    return [_message(r) for r in rows]


def claim_outbox(
    c: sqlite3.Connection, owner: str, limit: int, now: float, until: float
) -> list[OutboxMessage]:
    """Lease up to ``limit`` pending messages to ``owner``; see Store.claim."""
    if _pg(c):
        # Claims take turns (a transaction-scoped lock, held a few milliseconds): a claim then
        # sees every lease committed before it, so two processes never split one lane.
        c.execute("SELECT pg_advisory_xact_lock(?)", (CLAIM_LOCK,)).fetchall()
    skip = " FOR UPDATE SKIP LOCKED" if _pg(c) else ""
    rows = c.execute(
        f"UPDATE outbox SET claimed_by = ?, lease_until = ? WHERE id IN ("
        " SELECT o.id FROM outbox o WHERE o.delivered_at IS NULL AND NOT EXISTS ("
        "  SELECT 1 FROM outbox p WHERE p.game_id = o.game_id AND p.audience = o.audience"
        "  AND p.id <= o.id AND p.delivered_at IS NULL AND p.claimed_by IS NOT NULL"
        "  AND p.claimed_by <> ? AND p.lease_until > ?)"
        f" ORDER BY o.id LIMIT ?{skip}) RETURNING {_OUTBOX_COLUMNS}",
        (owner, until, owner, now, limit),
    ).fetchall()
    return sorted((_message(r) for r in rows), key=lambda m: m.id)


def release_outbox(c: sqlite3.Connection, owner: str) -> None:
    c.execute(
        "UPDATE outbox SET claimed_by = NULL, lease_until = NULL"
        " WHERE claimed_by = ? AND delivered_at IS NULL",
        (owner,),
    )


CLAIM_LOCK = 0x52454633  # pg_advisory_xact_lock key of outbox claims ("REF3")


EMPTY_BODY = "{}"
"""What a settled message keeps of its payload: nothing (the log, rolls and snapshots are the
record; a closed-DM notice needs only the row's game)."""


def plan_run(c: sqlite3.Connection, message_ids: list[int]) -> None:
    end = max(message_ids)
    c.executemany(
        "UPDATE outbox SET run_end = ? WHERE id = ? AND delivered_at IS NULL",
        [(end, i) for i in message_ids],
    )


def mark_delivered(c: sqlite3.Connection, message_ids: list[int], now: float) -> None:
    c.executemany(
        "UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, payload = ? WHERE id = ?",
        [(now, EMPTY_BODY, i) for i in message_ids],
    )


def mark_failed(c: sqlite3.Connection, message_id: int, error: str, now: float | None) -> None:
    if now is not None:  # given up: settled, its body goes too
        c.execute(
            "UPDATE outbox SET attempts = attempts + 1, last_error = ?, delivered_at = ?,"
            " payload = ? WHERE id = ?",
            (error[:500], now, EMPTY_BODY, message_id),
        )
        return
    c.execute(
        "UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?",
        (error[:500], message_id),
    )


# --- what each thread or DM was last shown (issue 12: pings, maps) ---------------------------
def select_lane(c: sqlite3.Connection, game_id: str, audience: str) -> tuple[str, str] | None:
    """(waiting seats, digest of the last map) last posted to this thread or DM."""
    row = c.execute(
        "SELECT waiting, map_digest FROM delivery_lanes WHERE game_id = ? AND audience = ?",
        (game_id, audience),
    ).fetchone()
    return (str(row[0]), str(row[1])) if row else None


def upsert_lane(
    c: sqlite3.Connection, game_id: str, audience: str, waiting: str, digest: str, now: float
) -> None:
    c.execute(
        "INSERT INTO delivery_lanes (game_id, audience, waiting, map_digest, updated_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, audience) DO UPDATE SET"
        " waiting = excluded.waiting, map_digest = excluded.map_digest,"
        " updated_at = excluded.updated_at",
        (game_id, audience, waiting, digest, now),
    )


def insert_notice(c: sqlite3.Connection, user_id: str, outbox_id: int, now: float) -> None:
    c.execute(
        "INSERT INTO notices (user_id, outbox_id, created_at) VALUES (?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        (user_id, outbox_id, now),
    )


def take_notices(c: sqlite3.Connection, user_id: str, now: float) -> list[OutboxMessage]:
    cols = ", ".join(f"o.{k.strip()}" for k in _OUTBOX_COLUMNS.split(","))
    rows = c.execute(
        f"SELECT {cols} FROM notices n JOIN outbox o ON o.id = n.outbox_id"
        " WHERE n.user_id = ? AND n.shown_at IS NULL ORDER BY o.id",
        (user_id,),
    ).fetchall()
    c.execute(
        "UPDATE notices SET shown_at = ? WHERE user_id = ? AND shown_at IS NULL", (now, user_id)
    )
    return [_message(r) for r in rows]


def copy_game(
    c: sqlite3.Connection,
    source: str,
    new_id: str,
    overrides: dict[str, Any],
    seats: dict[str, str],
) -> None:
    """A copy of a stored game under another id: its record (with ``overrides``), these
    seats, its log with its rolls and its latest snapshot (what loading it needs); not its
    messages. For benches that need many realistic games quickly."""
    keys = [k.strip() for k in _GAME_COLUMNS.split(",")]
    picked = ", ".join("?" if k in overrides else k for k in keys[1:])
    c.execute(
        f"INSERT INTO games ({_GAME_COLUMNS}) SELECT ?, {picked} FROM games WHERE id = ?",
        (new_id, *(overrides[k] for k in keys[1:] if k in overrides), source),
    )
    c.executemany(
        "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)",
        [(new_id, seat, user) for seat, user in seats.items()],
    )
    c.execute(
        "INSERT INTO actions (game_id, n, seat, user_id, key, action, events, reveals, undone,"
        " created_at) SELECT ?, n, seat, user_id, key, action, events, reveals, undone,"
        " created_at FROM actions WHERE game_id = ?",
        (new_id, source),
    )
    c.execute(
        "INSERT INTO rolls (game_id, n, action_n, label, sides, value, private_to)"
        " SELECT ?, n, action_n, label, sides, value, private_to FROM rolls WHERE game_id = ?",
        (new_id, source),
    )
    c.execute(
        "INSERT INTO snapshots (game_id, n, state) SELECT ?, n, state FROM snapshots"
        " WHERE game_id = ? ORDER BY n DESC LIMIT 1",
        (new_id, source),
    )


def bare_insert(c: sqlite3.Connection, payload: str) -> None:
    key = "BIGINT GENERATED BY DEFAULT AS IDENTITY" if _pg(c) else "INTEGER"
    c.execute(f"CREATE TABLE IF NOT EXISTS bench_rows (id {key} PRIMARY KEY, payload TEXT)")
    c.execute("INSERT INTO bench_rows (payload) VALUES (?)", (payload,))


# --- user locales ---------------------------------------------------------------------------
def upsert_user_locale(c: sqlite3.Connection, user_id: str, locale: str, now: float) -> None:
    c.execute(
        "INSERT INTO user_locales (user_id, locale, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale,"
        " updated_at = excluded.updated_at",
        (user_id, locale, now),
    )


def select_user_locale(c: sqlite3.Connection, user_id: str) -> str | None:
    row = c.execute("SELECT locale FROM user_locales WHERE user_id = ?", (user_id,)).fetchone()
    return str(row[0]) if row else None
