-- Games, their seats, the append-only log of actions with their dice, and state snapshots.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    guild_id    TEXT NOT NULL,            -- games are isolated per server ('local' for the CLI)
    channel_id  TEXT,
    thread_id   TEXT,
    ruleset     TEXT NOT NULL,
    scenario    TEXT NOT NULL,
    options     TEXT NOT NULL,            -- JSON, validated by the ruleset
    settings    TEXT NOT NULL,            -- JSON: deadlines, reminders, expiry policy
    status      TEXT NOT NULL,            -- lobby | active | paused | over | abandoned
    version     INTEGER NOT NULL DEFAULT 0,
    next_roll   INTEGER NOT NULL DEFAULT 0,
    seed        BLOB NOT NULL,            -- secret until the game is over
    commitment  TEXT NOT NULL,            -- SHA-256 of the seed, public from the start
    created_by  TEXT NOT NULL,
    created_at  REAL NOT NULL,
    updated_at  REAL NOT NULL
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
    n           INTEGER NOT NULL,         -- position in the log; 0 is the set-up
    seat        TEXT,
    user_id     TEXT,
    key         TEXT NOT NULL,            -- idempotency key of the submission
    action      TEXT NOT NULL,            -- JSON
    events      TEXT NOT NULL,            -- JSON list, each with its audience
    reveals     INTEGER NOT NULL DEFAULT 0,
    undone      INTEGER NOT NULL DEFAULT 0,
    created_at  REAL NOT NULL,
    PRIMARY KEY (game_id, n),
    UNIQUE (game_id, key)
);

CREATE TABLE rolls (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    action_n    INTEGER NOT NULL,
    label       TEXT NOT NULL,            -- JSON Text
    sides       INTEGER NOT NULL,
    value       INTEGER NOT NULL,
    private_to  TEXT,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE snapshots (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,            -- the state after log entry n
    state    TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
