import { describe, expect, it } from 'vitest';
import { mayChangeData } from './write-clock.ts';

describe('mayChangeData', () => {
  it('lets reads pass and counts every statement that may write, unsure as a write', () => {
    for (const read of [
      'select * from "process" where "token" = $1',
      '  /* the session */ SELECT p.*, (SELECT version FROM catalogue_version) FROM process p',
      '-- versions\nSELECT 1',
      'select * from "process" where "token" = $1 for update',
      'WITH days AS (SELECT generate_series(1, 7) AS d) SELECT d FROM days',
      'EXPLAIN SELECT 1',
    ]) {
      expect(mayChangeData(read), read).toBe(false);
    }
    for (const write of [
      'insert into "process" ("token") values ($1)',
      'update "process" set "notes" = $1',
      'delete from "resource_time" where "id" = $1',
      'WITH gone AS (DELETE FROM process WHERE expires_at < now() RETURNING token) SELECT count(*) FROM gone',
      'WITH x AS (SELECT 1) INSERT INTO audit_log SELECT * FROM x',
      'TRUNCATE booking',
      'COPY booking FROM STDIN',
      'BEGIN',
      'SAVEPOINT "a"',
      'CREATE INDEX x ON booking (id)',
    ]) {
      expect(mayChangeData(write), write).toBe(true);
    }
  });

  it('leaves out only the rate-limit counters, which no session or version reads', () => {
    expect(mayChangeData('INSERT INTO rate_limit_counter AS c (key, count, expires_at) VALUES ($1, 1, now())')).toBe(false);
    expect(mayChangeData('DELETE FROM rate_limit_counter WHERE key IN (SELECT key FROM rate_limit_counter)')).toBe(false);
    expect(mayChangeData('INSERT INTO rate_limit_counter_archive VALUES (1)')).toBe(true);
    expect(mayChangeData('INSERT INTO process SELECT * FROM rate_limit_counter')).toBe(true);
  });
});
