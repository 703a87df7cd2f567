-- The lookups every interaction makes, indexed so they stay flat with the number of stored
-- games (issue 9): the game of a thread, a server's games by status (newest first for lists),
-- a user's games by seat. Plain CREATE/DROP INDEX, IF [NOT] EXISTS (a file whose version was
-- set back, as a test of an older database does, migrates too): the same SQL on PostgreSQL.
CREATE INDEX IF NOT EXISTS games_thread ON games (thread_id);
CREATE INDEX IF NOT EXISTS games_guild_status_created ON games (guild_id, status, created_at);
DROP INDEX IF EXISTS games_guild;
CREATE INDEX IF NOT EXISTS seats_user_game ON seats (user_id, game_id);
DROP INDEX IF EXISTS seats_user;
