/**
 * Free-time calendars kept in memory under the office's availability version (migration
 * 014, docs/decisions/013).
 *
 * Two levels, both per server process:
 * - an office's row with its opening exceptions from today on, its resources, and the taken
 *   time of an office in a date range (every booked time, every hold that was live when
 *   read, with its session and expiry, and every absence of its resources), kept with the
 *   office's version as read BEFORE them (migration 015's triggers bump the version with
 *   every change of an absence or an exception). They are used while the request's
 *   version of the office is the same; a hold that has expired since is left out at use,
 *   by the database's clock, exactly as the query `expires_at > now()` would;
 * - a computed calendar (the days of one range for one length of work, set of resources
 *   and shift), kept on top of the taken time until it lapses (calendarLapse): when the
 *   first hold in it expires, when the minimum notice passes the next start time, or at
 *   midnight in Helsinki;
 * - an office's first free day over consecutive ranges (the office list's first free times,
 *   office-availability/): kept under the office's version until the first of its ranges'
 *   calendars lapses, so that a list of many offices computes again only the offices whose
 *   version moved or whose time lapsed.
 *
 * A session's own hold is left out of its own answer: when the taken time holds one of
 * the asking session's, its calendar is computed for it and not kept.
 *
 * Correct across any number of processes without messaging: each request reads the
 * versions with its session row (plugins/session.ts: its own office's) or, for the other
 * offices a call asks about, once before their data (withOfficeVersions), and a write
 * anywhere bumps the version in its own transaction (triggers), so a process never answers
 * from data older than what the request's own read of the version has seen.
 */
import type { FreeTimeDay } from '@huolto/domain';
import { addDays, fromHelsinki, todayInHelsinki } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { withOfficeVersions, type Versions } from '#src/db/versions.ts';
import { findOfficesById, findResources, findTakenTime, type OfficeRow, type ResourceRow, type TakenTime } from './repository.ts';
import {
  SAME_DAY_LEAD_MINUTES,
  computeFreeDays,
  dayWindow,
  exactCandidates,
  groupByResource,
  hasAvailability,
  isWorkingDayRemembered,
  type OfficeCalendar,
  type Shift,
} from './slots.ts';

export interface OfficeSnapshot {
  /** The row with its opening exceptions from today on (`exceptions`). */
  organization: OfficeRow;
  resources: ResourceRow[];
}

/** One calendar to compute: an office, an inclusive Helsinki date range, the work and who may do it. */
export interface CalendarQuery {
  office: OfficeCalendar & { id: number };
  start: string;
  end: string;
  minutes: number;
  resourceIds: readonly number[];
  shift?: Shift | undefined;
  /** false: every day without availability (computeFreeDays `open`). */
  open: boolean;
  /** The asking session: its own holds are not taken time for it. */
  exceptToken: string | null;
}

/** When a computed calendar stops being right, on two clocks. */
export interface CalendarLapse {
  /** By this server's clock (ms): the next Helsinki midnight or notice boundary. */
  at: number;
  /** By the database's clock (ms): when the first hold in it expires. */
  holdsAt: number;
}

/** 00:00 of the next day in Helsinki, whatever the day's length (23, 24 or 25 hours). */
export function nextHelsinkiMidnight(now: Date): Date {
  return fromHelsinki(addDays(todayInHelsinki(now), 1));
}

/**
 * The first instant after `now` at which the minimum notice (SAME_DAY_LEAD_MINUTES) passes
 * a start the calendar could show: an exact start time of the office's grid, or the
 * opening of a day-only day after today. Until then no start crosses the notice line;
 * undefined when no start in the range is ahead of the notice.
 */
export function noticeBoundary(
  office: OfficeCalendar,
  range: { start: string; end: string },
  minutes: number,
  shift: Shift | undefined,
  now: Date,
): Date | undefined {
  const lead = SAME_DAY_LEAD_MINUTES * 60_000;
  const earliest = now.getTime() + lead;
  const today = todayInHelsinki(now);
  // Only today's and tomorrow's starts can be within the notice (it is far shorter than a
  // day); the first later start is the boundary.
  let date = range.start < today ? today : range.start;
  for (let i = 0; i < 3 && date <= range.end; i++, date = addDays(date, 1)) {
    if (!isWorkingDayRemembered(date)) continue;
    const starts: Date[] =
      office.time_selection_type === 'DAY_ONLY'
        ? date > today
          ? [dayWindow(office, date, shift)?.start].filter((d): d is Date => d !== undefined)
          : []
        : exactCandidates(office, date, minutes, shift).map((c) => c.start);
    const next = starts.find((s) => s.getTime() >= earliest);
    // The start is still shown while now + lead <= start, and gone one millisecond later.
    if (next) return new Date(next.getTime() - lead + 1);
  }
  return undefined;
}

/** When a calendar computed at `now` from `taken` lapses (see the module comment). */
export function calendarLapse(query: CalendarQuery, taken: readonly TakenTime[], now: Date, dbNow: Date): CalendarLapse {
  const notice = noticeBoundary(query.office, query, query.minutes, query.shift, now);
  const midnight = nextHelsinkiMidnight(now).getTime();
  let holdsAt = Number.POSITIVE_INFINITY;
  const db = dbNow.getTime();
  for (const t of taken) if (t.expiresAt !== null && t.expiresAt > db && t.expiresAt < holdsAt) holdsAt = t.expiresAt;
  return { at: Math.min(midnight, notice?.getTime() ?? Number.POSITIVE_INFINITY), holdsAt };
}

/** Whether a kept calendar still stands at `now` (server clock) and `dbNow` (database clock). */
export function calendarStands(lapse: CalendarLapse, now: Date, dbNow: Date): boolean {
  return now.getTime() < lapse.at && dbNow.getTime() < lapse.holdsAt;
}

/** The taken time that counts for a session now: bookings, and holds live at dbNow that are not its own. */
export function takenFor(taken: readonly TakenTime[], exceptToken: string | null, dbNow: Date): TakenTime[] {
  const db = dbNow.getTime();
  return taken.filter((t) => (t.expiresAt === null || t.expiresAt > db) && (exceptToken === null || t.token !== exceptToken));
}

interface RangeEntry {
  version: number;
  taken: TakenTime[];
  /** The sessions the taken time belongs to, made when first asked (hasTimeOf). */
  tokens?: Set<string>;
  calendars: Map<string, { days: FreeTimeDay[]; lapse: CalendarLapse }>;
}

interface FirstFreeEntry {
  version: number;
  day: FreeTimeDay | null;
  lapse: CalendarLapse;
  /** The taken time it was found from: a session with time of its own in them gets its own answer. */
  ranges: readonly RangeEntry[];
}

interface OfficeEntry {
  version: number;
  snapshot: OfficeSnapshot | undefined;
}

export interface AvailabilityCacheOptions {
  /** false: nothing is kept, every call reads the database (CACHES=off). */
  enabled: boolean;
  /** Ranges of taken time kept at most (oldest first out). */
  maxRanges?: number;
  /** Computed calendars kept per range at most. */
  maxCalendarsPerRange?: number;
  /** First free days kept at most (oldest first out). */
  maxFirstFree?: number;
}

/** Counters for tests and /metrics-like checks. */
export interface AvailabilityCacheStats {
  takenReads: number;
  calendarHits: number;
  calendarComputes: number;
  /** firstFreeDays: offices answered from a kept first free day, and offices computed. */
  firstFreeHits: number;
  firstFreeComputes: number;
}

export class AvailabilityCache {
  readonly enabled: boolean;
  readonly stats: AvailabilityCacheStats = { takenReads: 0, calendarHits: 0, calendarComputes: 0, firstFreeHits: 0, firstFreeComputes: 0 };
  private readonly maxRanges: number;
  private readonly maxCalendars: number;
  private readonly maxFirstFree: number;
  private readonly offices = new Map<number, OfficeEntry>();
  private readonly ranges = new Map<string, RangeEntry>();
  private readonly firstFree = new Map<string, FirstFreeEntry>();

  constructor(opts: AvailabilityCacheOptions) {
    this.enabled = opts.enabled;
    this.maxRanges = opts.maxRanges ?? 2_000;
    this.maxCalendars = opts.maxCalendarsPerRange ?? 64;
    this.maxFirstFree = opts.maxFirstFree ?? 10_000;
  }

  /**
   * The rows (with their opening exceptions) and resources of offices, by id (an unknown id
   * is left out). Kept under each office's version; the office row and its exceptions also
   * change only with a version bump.
   */
  async officeSnapshots(db: Executor, versions: Versions, ids: readonly number[]): Promise<Map<number, OfficeSnapshot>> {
    if (this.enabled) await withOfficeVersions(db, versions, ids);
    const out = new Map<number, OfficeSnapshot>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.enabled ? this.offices.get(id) : undefined;
      if (entry && entry.version === versions.offices.get(id)) {
        if (entry.snapshot) out.set(id, entry.snapshot);
      } else missing.push(id);
    }
    if (missing.length === 0) return out;
    const [rows, resources] = await Promise.all([findOfficesById(db, missing), findResources(db, missing)]);
    for (const id of missing) {
      const organization = rows.find((r) => r.id === id);
      const snapshot = organization && { organization, resources: resources.filter((r) => r.organization_id === id) };
      if (snapshot) out.set(id, snapshot);
      const version = versions.offices.get(id);
      if (this.enabled && version !== undefined) {
        if (this.offices.size >= this.maxRanges) this.offices.delete(this.offices.keys().next().value!);
        this.offices.set(id, { version, snapshot });
      }
    }
    return out;
  }

  /** One office's row and resources; undefined when there is no such office. */
  async office(db: Executor, versions: Versions, id: number): Promise<OfficeSnapshot | undefined> {
    return (await this.officeSnapshots(db, versions, [id])).get(id);
  }

  /** The calendars of several queries (one office each), reading the taken time of the offices not kept in one query. */
  async calendars(db: Executor, versions: Versions, queries: readonly CalendarQuery[], now: Date): Promise<FreeTimeDay[][]> {
    if (this.enabled) await withOfficeVersions(db, versions, queries.map((q) => q.office.id));
    const entries = await this.rangeEntries(db, versions, queries);
    return queries.map((q) => this.calendar(entries.get(q.office.id)!, q, now, versions.dbNow));
  }

  /**
   * Each query's first day with availability over `ranges` (consecutive inclusive date ranges,
   * earliest first; the query's own start and end are not used), or null when none has one.
   * The ranges are computed one at a time, each only for the offices still without a day, as
   * `calendars` computes them. An office's answer is kept under its version until the first
   * of the calendars it was found from lapses; a session holding time at the office gets its
   * own answer, computed and not kept.
   */
  async firstFreeDays(
    db: Executor,
    versions: Versions,
    queries: readonly CalendarQuery[],
    ranges: readonly { start: string; end: string }[],
    now: Date,
  ): Promise<(FreeTimeDay | null)[]> {
    const answers: (FreeTimeDay | null)[] = queries.map(() => null);
    if (ranges.length === 0) return answers;
    if (this.enabled) await withOfficeVersions(db, versions, queries.map((q) => q.office.id));
    const span = `${ranges[0]!.start}|${ranges.at(-1)!.end}|${ranges.length}`;
    const keys = queries.map((q) => `${q.office.id}|${span}|${calendarKey(q)}`);
    const work: { i: number; lapse: CalendarLapse; ranges: RangeEntry[]; own: boolean }[] = [];
    queries.forEach((q, i) => {
      const kept = this.enabled ? this.firstFree.get(keys[i]!) : undefined;
      if (
        kept &&
        kept.version === versions.offices.get(q.office.id) &&
        calendarStands(kept.lapse, now, versions.dbNow) &&
        !kept.ranges.some((r) => hasTimeOf(r, q.exceptToken))
      ) {
        this.stats.firstFreeHits++;
        answers[i] = kept.day;
      } else {
        this.stats.firstFreeComputes++;
        work.push({ i, lapse: { at: Number.POSITIVE_INFINITY, holdsAt: Number.POSITIVE_INFINITY }, ranges: [], own: false });
      }
    });
    let pending = work;
    for (const range of ranges) {
      if (pending.length === 0) break;
      const weekQueries = pending.map(({ i }) => ({ ...queries[i]!, start: range.start, end: range.end }));
      const entries = await this.rangeEntries(db, versions, weekQueries);
      pending = pending.filter((w, n) => {
        const q = weekQueries[n]!;
        const entry = entries.get(q.office.id)!;
        w.ranges.push(entry);
        if (hasTimeOf(entry, q.exceptToken)) w.own = true;
        const lapse = calendarLapse(q, entry.taken, now, versions.dbNow);
        w.lapse = { at: Math.min(w.lapse.at, lapse.at), holdsAt: Math.min(w.lapse.holdsAt, lapse.holdsAt) };
        const day = this.calendar(entry, q, now, versions.dbNow).find(hasAvailability);
        if (day) answers[w.i] = day;
        return !day;
      });
    }
    if (this.enabled) {
      for (const w of work) {
        const id = queries[w.i]!.office.id;
        const version = versions.offices.get(id);
        if (w.own || version === undefined) continue;
        const key = keys[w.i]!;
        this.firstFree.delete(key);
        if (this.firstFree.size >= this.maxFirstFree) this.firstFree.delete(this.firstFree.keys().next().value!);
        this.firstFree.set(key, { version, day: answers[w.i]!, lapse: w.lapse, ranges: w.ranges });
      }
    }
    return answers;
  }

  /** The taken time of each query's office in its range: kept under the office's version, the rest read in one query. */
  private async rangeEntries(db: Executor, versions: Versions, queries: readonly CalendarQuery[]): Promise<Map<number, RangeEntry>> {
    const entries = new Map<number, RangeEntry>();
    const missing: CalendarQuery[] = [];
    for (const q of queries) {
      const entry = this.enabled ? this.ranges.get(rangeKey(q)) : undefined;
      if (entry && entry.version === versions.offices.get(q.office.id)) entries.set(q.office.id, entry);
      else missing.push(q);
    }
    if (missing.length > 0) {
      // Every query of one call has the same range.
      const { start, end } = missing[0]!;
      const ids = [...new Set(missing.map((q) => q.office.id))];
      const taken = await findTakenTime(db, ids, fromHelsinki(start), fromHelsinki(addDays(end, 1)));
      this.stats.takenReads++;
      for (const id of ids) {
        const entry: RangeEntry = { version: versions.offices.get(id) ?? -1, taken: taken.filter((t) => t.organizationId === id), calendars: new Map() };
        entries.set(id, entry);
        const q = missing.find((m) => m.office.id === id)!;
        if (this.enabled && versions.offices.has(id)) {
          const key = rangeKey(q);
          this.ranges.delete(key);
          if (this.ranges.size >= this.maxRanges) this.ranges.delete(this.ranges.keys().next().value!);
          this.ranges.set(key, entry);
        }
      }
    }
    return entries;
  }

  private calendar(entry: RangeEntry, q: CalendarQuery, now: Date, dbNow: Date): FreeTimeDay[] {
    const own = hasTimeOf(entry, q.exceptToken);
    const key = calendarKey(q);
    if (!own && this.enabled) {
      const kept = entry.calendars.get(key);
      if (kept && calendarStands(kept.lapse, now, dbNow)) {
        this.stats.calendarHits++;
        return kept.days;
      }
    }
    this.stats.calendarComputes++;
    const days = computeFreeDays({
      office: q.office,
      minutes: q.minutes,
      start: q.start,
      end: q.end,
      busy: groupByResource(q.resourceIds, takenFor(entry.taken, q.exceptToken, dbNow)),
      now,
      shift: q.shift,
      open: q.open,
    });
    if (!own && this.enabled) {
      entry.calendars.delete(key);
      if (entry.calendars.size >= this.maxCalendars) entry.calendars.delete(entry.calendars.keys().next().value!);
      entry.calendars.set(key, { days, lapse: calendarLapse(q, entry.taken, now, dbNow) });
    }
    return days;
  }
}

/** Whether the session has time of its own (a hold or its booking) in the taken time. */
function hasTimeOf(entry: RangeEntry, token: string | null): boolean {
  if (token === null) return false;
  entry.tokens ??= new Set(entry.taken.flatMap((t) => (t.token === null ? [] : [t.token])));
  return entry.tokens.has(token);
}

function rangeKey(q: CalendarQuery): string {
  return `${q.office.id}|${q.start}|${q.end}`;
}

function calendarKey(q: CalendarQuery): string {
  return `${q.minutes}|${q.shift ?? ''}|${q.open ? 1 : 0}|${q.resourceIds.join(',')}`;
}
