/**
 * The embedded database's write clock (PGlite only). PGlite lives inside the one server
 * process, which is its only client: every change of its data passes through this process.
 * The PGlite dialect counts them here — one tick after each statement that may change data
 * and after each transaction that held one — so that what was read from the database can be
 * kept in memory under the tick it was read at and answered from memory until the next tick
 * (modules/process/session-memory.ts). On PostgreSQL other processes change the data too;
 * there is no such clock and every request reads.
 */
export class WriteClock {
  #tick = 0;
  /** Moves on after a statement that may have changed data, and after its transaction ends. */
  get tick(): number {
    return this.#tick;
  }
  advance() {
    this.#tick += 1;
  }
}

/** The tables whose writes neither a session nor a cache version can see: rate-limit counts. */
const UNSEEN_WRITE = /^(?:insert\s+into|delete\s+from|update)\s+"?rate_limit_counter"?[\s(]/i;
const READ = /^(?:select|show|explain|values)\b/i;
const MODIFYING = /\b(?:insert|update|delete|merge|truncate|copy|call|do)\b/i;

/**
 * Whether a statement may change data that a session or a version reads. A SELECT does not
 * (the schema's functions that write are triggers only), nor a WITH without a data-modifying
 * word; anything else does, apart from the rate-limit counters. Unsure means yes.
 */
export function mayChangeData(statement: string): boolean {
  const text = statement.replace(/^(?:\s+|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  if (READ.test(text)) return false;
  if (/^with\b/i.test(text)) return MODIFYING.test(text);
  return !UNSEEN_WRITE.test(text);
}
