-- The Discord locale last seen for each user (from their interactions), so that messages sent
-- outside an interaction (DMs, reminders) are written in the user's language after a restart.
CREATE TABLE user_locales (
    user_id     TEXT PRIMARY KEY,
    locale      TEXT NOT NULL,
    updated_at  REAL NOT NULL
);
