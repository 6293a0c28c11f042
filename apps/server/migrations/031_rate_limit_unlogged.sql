-- The rate-limit counters are not kept through a crash: each is a count of calls within a
-- window of minutes, and a lost count only lets a client start its window again. Without the
-- write-ahead log, the counter's upsert on every rate-limited call no longer waits for the
-- log's flush at commit (under a rush of bookings most commits were these counts).
ALTER TABLE rate_limit_counter SET UNLOGGED;
