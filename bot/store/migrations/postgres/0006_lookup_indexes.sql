-- PostgreSQL dialect of ../0006_lookup_indexes.sql (the same statements).
CREATE INDEX games_thread ON games (thread_id);
CREATE INDEX games_guild_status_created ON games (guild_id, status, created_at);
DROP INDEX games_guild;
CREATE INDEX seats_user_game ON seats (user_id, game_id);
DROP INDEX seats_user;
