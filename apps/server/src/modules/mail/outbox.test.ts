import { describe, expect, it } from 'vitest';
import type { Db } from '#src/db/database.ts';
import { Mailer } from './outbox.ts';

/** A Mailer whose send runs end when the test says: each run's answer is its number. */
function heldMailer() {
  const mailer = new Mailer({} as Db, { from: 'varaus@example.fi', outboxDir: '/nonexistent' });
  const ends: Array<() => void> = [];
  mailer.flush = () => new Promise<number>((resolve) => ends.push(() => resolve(ends.length)));
  return { mailer, ends };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Mailer.kick', () => {
  it('a kick during a run answers when the run after it ends, not the one under way', async () => {
    const { mailer, ends } = heldMailer();
    const first = mailer.kick();
    const second = mailer.kick();
    const third = mailer.kick();
    expect(ends).toHaveLength(1);

    let secondEnded = false;
    void second.then(() => (secondEnded = true));
    ends[0]!();
    expect(await first).toBe(1);
    await settle();
    // The run under way had looked for due mail before the second kick: a new run starts.
    expect(ends).toHaveLength(2);
    expect(secondEnded).toBe(false);
    ends[1]!();
    expect(await second).toBe(2);
    // Kicks during one run share the next run.
    expect(await third).toBe(2);
    expect(ends).toHaveLength(2);
    await mailer.close();
  });

  it('a kick with no run under way starts one at once, and close waits for the queued run', async () => {
    const { mailer, ends } = heldMailer();
    const first = mailer.kick();
    const queued = mailer.kick();
    let closed = false;
    const closing = mailer.close().then(() => (closed = true));
    ends[0]!();
    await first;
    await settle();
    expect(closed).toBe(false);
    ends[1]!();
    await queued;
    await closing;
    expect(closed).toBe(true);
  });
});
