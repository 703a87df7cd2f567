-- PostgreSQL dialect of ../0004_outbox_leases.sql.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_until DOUBLE PRECISION;
CREATE INDEX outbox_lane ON outbox (game_id, audience, id);
