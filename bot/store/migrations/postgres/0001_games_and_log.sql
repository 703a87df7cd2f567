-- PostgreSQL dialect of ../0001_games_and_log.sql (same tables, columns and meaning).
-- Integers are BIGINT, REAL is DOUBLE PRECISION, BLOB is BYTEA; JSON stays TEXT so both
-- backends hold byte-identical documents (python -m bot store copy compares them).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL,
    channel_id  TEXT,
    thread_id   TEXT,
    ruleset     TEXT NOT NULL,
    scenario    TEXT NOT NULL,
    options     TEXT NOT NULL,
    settings    TEXT NOT NULL,
    status      TEXT NOT NULL,
    version     BIGINT NOT NULL DEFAULT 0,
    next_roll   BIGINT NOT NULL DEFAULT 0,
    seed        BYTEA NOT NULL,
    commitment  TEXT NOT NULL,
    created_by  TEXT NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);
CREATE INDEX games_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n           BIGINT NOT NULL,
    seat        TEXT,
    user_id     TEXT,
    key         TEXT NOT NULL,
    action      TEXT NOT NULL,
    events      TEXT NOT NULL,
    reveals     BIGINT NOT NULL DEFAULT 0,
    undone      BIGINT NOT NULL DEFAULT 0,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, n),
    UNIQUE (game_id, key)
);

CREATE TABLE rolls (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n           BIGINT NOT NULL,
    action_n    BIGINT NOT NULL,
    label       TEXT NOT NULL,
    sides       BIGINT NOT NULL,
    value       BIGINT NOT NULL,
    private_to  TEXT,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE snapshots (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        BIGINT NOT NULL,
    state    TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
