-- Issue 9: settled outbox messages keep no body (the log, rolls and snapshots are the record;
-- a closed-DM notice needs only the row's game), and only the newest two snapshots per game are
-- kept (the last for a cold load, the one before for an undo). The same statements as postgres/0005_compact_outbox.sql.
UPDATE outbox SET payload = '{}' WHERE delivered_at IS NOT NULL;

DELETE FROM snapshots WHERE (
    SELECT COUNT(*) FROM snapshots newer
    WHERE newer.game_id = snapshots.game_id AND newer.n > snapshots.n
) >= 2;

-- Games keep the snapshot cadence of their ruleset unless a manager set one.
UPDATE games SET settings = REPLACE(settings, '"snapshot_every":25}', '"snapshot_every":null}');
UPDATE games SET settings = REPLACE(settings, '"snapshot_every":25,', '"snapshot_every":null,');

-- What each thread or DM was last shown: the seats it was told are waiting (a ping only when
-- they change) and a digest of the map it got (a map only when it changed).
CREATE TABLE delivery_lanes (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    audience    TEXT NOT NULL,
    waiting     TEXT NOT NULL,
    map_digest  TEXT NOT NULL,
    updated_at  REAL NOT NULL,
    PRIMARY KEY (game_id, audience)
);
