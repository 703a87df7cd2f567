-- The lookups every interaction makes, indexed so they stay flat with the number of stored
-- games (issue 9): the game of a thread, a server's games by status (newest first for lists),
-- a user's games by seat. Plain CREATE/DROP INDEX: the same SQL runs on PostgreSQL.
CREATE INDEX games_thread ON games (thread_id);
CREATE INDEX games_guild_status_created ON games (guild_id, status, created_at);
DROP INDEX games_guild;
CREATE INDEX seats_user_game ON seats (user_id, game_id);
DROP INDEX seats_user;
