-- Deadlines that survive restarts, the outbox of messages to deliver, and per-user notices
-- (a private message that could not be delivered by DM waits for the user's next interaction).
CREATE TABLE deadlines (
    game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       TEXT NOT NULL,
    prompt_id  TEXT NOT NULL,
    due_at     REAL NOT NULL,
    remind_at  REAL,
    reminded   INTEGER NOT NULL DEFAULT 0,
    fired      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_due ON deadlines (fired, due_at);

CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    audience      TEXT NOT NULL,          -- 'public' or a seat
    kind          TEXT NOT NULL,
    payload       TEXT NOT NULL,          -- JSON, built from views only
    dedupe        TEXT NOT NULL UNIQUE,
    created_at    REAL NOT NULL,
    delivered_at  REAL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT
);
CREATE INDEX outbox_pending ON outbox (delivered_at, id);

CREATE TABLE notices (
    user_id    TEXT NOT NULL,
    outbox_id  INTEGER NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    created_at REAL NOT NULL,
    shown_at   REAL,
    PRIMARY KEY (user_id, outbox_id)
);
