-- PostgreSQL dialect of ../0007_outbox_runs.sql.
-- Before a process sends a run of a lane's messages as one Discord message, it records the run
-- (run_end: the id of its last message, on every message of it). A process that takes the lease
-- over after the sender died sends exactly that run again, so its nonce is the same and Discord
-- shows it once.
ALTER TABLE outbox ADD COLUMN run_end BIGINT;
