-- PostgreSQL dialect of ../0006_lookup_indexes.sql (the same statements).
CREATE INDEX IF NOT EXISTS games_thread ON games (thread_id);
CREATE INDEX IF NOT EXISTS games_guild_status_created ON games (guild_id, status, created_at);
DROP INDEX IF EXISTS games_guild;
CREATE INDEX IF NOT EXISTS seats_user_game ON seats (user_id, game_id);
DROP INDEX IF EXISTS seats_user;
