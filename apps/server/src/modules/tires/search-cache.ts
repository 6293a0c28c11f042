/**
 * A bounded least-recently-used cache whose entries expire a fixed time after they were
 * loaded. A value is loaded once per key even when many requests miss at the same time
 * (they share the pending load); a failed load is not kept.
 */
export class TtlLruCache<V> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<V> }>();
  readonly maxEntries: number;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: { maxEntries: number; ttlMs: number; now?: () => number }) {
    if (!(opts.maxEntries >= 1) || !(opts.ttlMs >= 0)) throw new RangeError('TtlLruCache: maxEntries >= 1, ttlMs >= 0');
    this.maxEntries = opts.maxEntries;
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? (() => Date.now());
  }

  get size() {
    return this.entries.size;
  }

  /** The cached value of key, or load()'s, which is then kept for ttlMs. */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expiresAt > now) {
      this.entries.set(key, hit); // most recently used: last in the map's order
      return hit.value;
    }
    const entry = { expiresAt: now + this.ttlMs, value: load() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return entry.value;
  }

  clear() {
    this.entries.clear();
  }
}

/** One search's answer, serialised once; only each tire's `selected` differs per request. */
export interface CachedTireSearch {
  /** The JSON array (UTF-8) with `selected: false` everywhere: the answer for a cart without these tires. */
  unselected: Buffer;
  /** Each suggestion's JSON in two halves around the value of `selected`. */
  rows: { productId: string; head: string; tail: string }[];
}

/** How long a search answer is reused: a price or stock change in the database shows within this time. */
export const TIRE_SEARCH_TTL_MS = 60_000;
/** Distinct searches kept (the catalogue has a few hundred size × type combinations). */
export const TIRE_SEARCH_MAX_ENTRIES = 500;

export type TireSearchCache = TtlLruCache<CachedTireSearch>;

const caches = new WeakMap<object, TireSearchCache>();

/**
 * The search-tires cache of a database: one per database handle, so each test app has its
 * own. It is per server process: with several instances each keeps its own copy, and all
 * of them show a change in the database within TIRE_SEARCH_TTL_MS.
 */
export function tireSearchCacheOf(db: object): TireSearchCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlLruCache({ maxEntries: TIRE_SEARCH_MAX_ENTRIES, ttlMs: TIRE_SEARCH_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The cache key of a search: the same tires whatever the order or repetition of suppliers. */
export function tireSearchKey(q: {
  suppliers: number[];
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  minLoadIndex: number;
  tireType: string;
}): string {
  const suppliers = [...new Set(q.suppliers)].sort((a, b) => a - b);
  return `${suppliers.join(',')}|${q.width}|${q.aspectRatio}|${q.rimDiameter}|${q.minLoadIndex}|${q.tireType}`;
}
