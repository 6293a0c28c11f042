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
