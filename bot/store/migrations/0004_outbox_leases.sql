-- Several processes share the outbox: a message is leased to the process delivering it
-- (claimed_by, lease_until); when that process dies the lease lapses and another takes over.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
-- A message waits while an earlier one of its game and audience is leased elsewhere.
CREATE INDEX outbox_lane ON outbox (game_id, audience, id);
