/**
 * The memory of a cache kept under a version number (docs/decisions/013): one snapshot, the
 * one of the newest version asked. A request that brings the snapshot's version is answered
 * from it; a newer version replaces it; an older one (its version was read before another
 * request loaded a newer snapshot) gets nothing, and reads the database itself.
 */
export class VersionedSnapshot<T> {
  private current: { version: number; value: T } | undefined;

  constructor(private readonly create: (version: number) => T) {}

  /** The snapshot of `version`, a new one when it is newer than the kept one; undefined when it is older. */
  at(version: number): T | undefined {
    const current = this.current;
    if (current && current.version === version) return current.value;
    if (current && current.version > version) return undefined;
    const value = this.create(version);
    this.current = { version, value };
    return value;
  }

  /** The version kept, if any (for tests and metrics). */
  get version(): number | undefined {
    return this.current?.version;
  }
}

/**
 * A load done once and shared: every caller waits for the same pending load (made with the
 * first caller's argument, e.g. its database handle), and a load that failed is forgotten,
 * so the next caller tries again.
 */
export function sharedLoad<A, T>(load: (arg: A) => Promise<T>): (arg: A) => Promise<T> {
  let pending: Promise<T> | undefined;
  return (arg) => {
    if (!pending) {
      const p = load(arg);
      pending = p;
      p.catch(() => {
        if (pending === p) pending = undefined;
      });
    }
    return pending;
  };
}

/**
 * What is made once for each snapshot and database handle: the reads answered from a
 * snapshot are the same functions for every request on the same handle, so they are made by
 * the first request and kept with the snapshot (made anew for every request they were a
 * tenth of a cached call's time). Both keys are weak: a replaced snapshot or an ended
 * transaction takes its entries with it.
 */
export function keptPerHandle<K extends object, H extends object, T>(): (key: K, handle: H, make: () => T) => T {
  const made = new WeakMap<K, WeakMap<H, T>>();
  return (key, handle, make) => {
    let byHandle = made.get(key);
    if (!byHandle) {
      byHandle = new WeakMap();
      made.set(key, byHandle);
    }
    let value = byHandle.get(handle);
    if (value === undefined) {
      value = make();
      byHandle.set(handle, value);
    }
    return value;
  };
}
