-- A rate-limit count is worth nothing after a crash, and every request of one address counts in the same row: kept
-- without WAL, its update commits without waiting for the disk, so the next request of that address waits for the
-- row's lock for microseconds rather than for a flush. PostgreSQL empties the table after a crash; counting starts again.
alter table rate_limits set unlogged;
