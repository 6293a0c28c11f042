/**
 * Finnish time. Every calendar rule (opening hours, "today", the Monday-first week,
 * slots) is computed in Europe/Helsinki whatever the process's TZ is, and stays right
 * across the daylight-saving changes. Dates are 'YYYY-MM-DD', local date-times
 * 'YYYY-MM-DDTHH:mm:ss' (requirements §9).
 */
const TIME_ZONE = 'Europe/Helsinki';

/** Made on first use (building a formatter costs milliseconds at a page's start). */
let partsFormatter: Intl.DateTimeFormat | undefined;
const partsFormat = () => (partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
}));

export interface HelsinkiParts {
  date: string; // YYYY-MM-DD
  time: string; // HH:mm:ss
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  isoWeekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The Helsinki wall-clock date and time of an instant, as the time-zone database has it. */
function zoneParts(instant: Date): HelsinkiParts {
  const p: Record<string, string> = {};
  for (const part of partsFormat().formatToParts(instant)) p[part.type] = part.value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    time: `${p.hour}:${p.minute}:${p.second}`,
    isoWeekday: WEEKDAYS[p.weekday ?? 'Mon'] ?? 1,
  };
}

const HOUR_MS = 3_600_000;
/**
 * Where Helsinki's offset is taken per hour of UTC: from 1990 to 2200, when its clocks
 * change only on a whole UTC hour (01:00 UTC, the EU's rule). Outside it every instant goes
 * to the time-zone database (before 1921 Helsinki kept its local mean time, seconds off).
 */
const HOURLY_FROM = Date.UTC(1990, 0, 1);
const HOURLY_UNTIL = Date.UTC(2200, 0, 1);
/** Helsinki's offset in ms by UTC hour, as the time-zone database gave it; bounded. */
const hourOffsets = new Map<number, number>();

/**
 * The Helsinki wall-clock date and time of an instant. The time-zone database's offset is
 * asked once for each hour of UTC and the wall clock computed from it (formatToParts for
 * every instant was a tenth of a week view's time); the same parts as zoneParts gives.
 */
export function toHelsinki(instant: Date): HelsinkiParts {
  const ms = instant.getTime();
  if (!(ms >= HOURLY_FROM && ms < HOURLY_UNTIL)) return zoneParts(instant);
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  let offset = hourOffsets.get(hour);
  if (offset === undefined) {
    const h = zoneParts(new Date(hour));
    offset = Date.parse(`${h.date}T${h.time}Z`) - hour;
    if (hourOffsets.size >= 100_000) hourOffsets.clear();
    hourOffsets.set(hour, offset);
  }
  const wall = new Date(ms + offset);
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), isoWeekday: wall.getUTCDay() || 7 };
}

/** Offset of Helsinki from UTC at an instant, in minutes (120 or 180). */
export function helsinkiOffsetMinutes(instant: Date): number {
  const h = toHelsinki(instant);
  const asUtc = Date.parse(`${h.date}T${h.time}Z`);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/**
 * The instant of a Helsinki wall-clock time. In the autumn's repeated hour the earlier
 * instant is taken; a time inside the spring's skipped hour moves forward by an hour.
 */
export function fromHelsinki(date: string, time = '00:00:00'): Date {
  const t = time.length === 5 ? `${time}:00` : time;
  // Strict: an impossible date or time is an error, never rolled over to another day.
  if (!isRealDate(date) || !isRealTime(t)) throw new RangeError(`Invalid date-time ${date}T${time}`);
  const naive = Date.parse(`${date}T${t}Z`);
  if (Number.isNaN(naive)) throw new RangeError(`Invalid date-time ${date}T${time}`);
  // Try both offsets Helsinki uses; keep the one that maps back to the wall clock.
  for (const offset of [180, 120]) {
    const candidate = new Date(naive - offset * 60000);
    const back = toHelsinki(candidate);
    if (back.date === date && back.time === t) return candidate;
  }
  return new Date(naive - 120 * 60000);
}

/** 'YYYY-MM-DDTHH:mm:ss' in Helsinki time. */
export function formatLocalDateTime(instant: Date): string {
  const h = toHelsinki(instant);
  return `${h.date}T${h.time}`;
}

/** Parses 'YYYY-MM-DDTHH:mm:ss' (Helsinki wall clock) to an instant. */
export function parseLocalDateTime(value: string): Date {
  if (!isRealLocalDateTime(value)) throw new RangeError(`Invalid local date-time ${value}`);
  return fromHelsinki(value.slice(0, 10), value.slice(11));
}

/**
 * Whether a real 'YYYY-MM-DDTHH:mm:ss' is a time Helsinki's clocks show: false inside the
 * hour skipped when summer time begins (the last Sunday of March, 3.00–3.59).
 */
export function existsInHelsinki(value: string): boolean {
  if (!isRealLocalDateTime(value)) return false;
  const back = toHelsinki(parseLocalDateTime(value));
  return `${back.date}T${back.time}` === value;
}

/** The last UTC hour todayInHelsinki answered, with its date. */
let lastToday: { hour: number; date: string } | undefined;

/** The Helsinki date of an instant (now by default), 'YYYY-MM-DD'. */
export function todayInHelsinki(now = new Date()): string {
  const ms = now.getTime();
  // Helsinki's midnight falls on a whole UTC hour where its offset is taken per hour (1990–2200):
  // the date is the same all through a UTC hour. The last hour's answer is kept.
  if (!(ms >= HOURLY_FROM && ms < HOURLY_UNTIL)) return toHelsinki(now).date;
  const hour = Math.floor(ms / HOUR_MS);
  if (lastToday?.hour !== hour) lastToday = { hour, date: toHelsinki(now).date };
  return lastToday.date;
}

/**
 * Adds whole calendar days to a 'YYYY-MM-DD' date. Both the date and the result must be
 * real dates of years MIN_YEAR–MAX_YEAR: anything else is a RangeError, so a day loop can
 * never walk off into '+010000-01-01'.
 */
export function addDays(date: string, days: number): string {
  if (!isRealDate(date) || !Number.isSafeInteger(days)) throw new RangeError(`Invalid date arithmetic ${date} + ${days}`);
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const year = d.getUTCFullYear();
  if (!(year >= MIN_YEAR && year <= MAX_YEAR)) throw new RangeError(`Date out of range: ${date} + ${days} days`);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** ISO 8601 week number of a date (Finnish calendars number weeks this way): 1–53. */
export function isoWeekNumber(date: string): number {
  // The week belongs to the year of its Thursday; count that Thursday's weeks from 1 January.
  const thursday = addDays(date, 4 - isoWeekday(date));
  return Math.floor(daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday) / 7) + 1;
}

/** A week's short Finnish label from its Monday: 'Viikko 48: 23.–29.11.' or 'Viikko 49: 30.11.–6.12.' */
export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const [, m1, d1] = monday.split('-').map(Number);
  const [, m2, d2] = sunday.split('-').map(Number);
  const range = m1 === m2 ? `${d1}.–${d2}.${m2}.` : `${d1}.${m1}.–${d2}.${m2}.`;
  return `Viikko ${isoWeekNumber(monday)}: ${range}`;
}

/** The Monday of the week a date is in (the Finnish week starts on Monday). */
export function startOfWeek(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86400000);
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * The years a date may have. Four digits, no year 0: Date treats years 0–99 as 1900–1999
 * and writes years past 9999 as '+010000', so both ends are kept out of every calculation.
 * (Bookings themselves are limited far more tightly by the booking horizon.)
 */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12) of a year: 28–31. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PARTS = /^(\d{2}):(\d{2}):(\d{2})$/;

/**
 * A real calendar date 'YYYY-MM-DD': month 01–12, a day the month has (29 February only
 * in leap years), year MIN_YEAR–MAX_YEAR. '2027-02-30' is not a date (never 2 March).
 */
export function isRealDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PARTS.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A real wall-clock time 'HH:mm:ss': hour 00–23, minute and second 00–59. */
export function isRealTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIME_PARTS.exec(value);
  return !!m && Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3]) <= 59;
}

/** A real local date-time 'YYYY-MM-DDTHH:mm:ss' (isRealDate and isRealTime). */
export function isRealLocalDateTime(value: unknown): value is string {
  return typeof value === 'string' && value.length === 19 && value[10] === 'T' && isRealDate(value.slice(0, 10)) && isRealTime(value.slice(11));
}

/** 'HH:mm' or 'HH:mm:ss' → minutes after midnight. */
export function timeToMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export function minutesToTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/** Easter Sunday of a year (anonymous Gregorian algorithm). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Saturday between the given dates (inclusive) — Midsummer and All Saints' Day. */
function saturdayBetween(from: string): string {
  return addDays(from, (6 - isoWeekday(from) + 7) % 7);
}

/**
 * Finnish public holidays and the eves workshops keep closed, as a map from date to
 * Finnish name. Workshops are closed on all of them.
 */
export function finnishHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const midsummerDay = saturdayBetween(`${year}-06-20`);
  const list: [string, string][] = [
    [`${year}-01-01`, 'Uudenvuodenpäivä'],
    [`${year}-01-06`, 'Loppiainen'],
    [addDays(easter, -2), 'Pitkäperjantai'],
    [easter, 'Pääsiäispäivä'],
    [addDays(easter, 1), '2. pääsiäispäivä'],
    [`${year}-05-01`, 'Vappu'],
    [addDays(easter, 39), 'Helatorstai'],
    [addDays(easter, 49), 'Helluntaipäivä'],
    [addDays(midsummerDay, -1), 'Juhannusaatto'],
    [midsummerDay, 'Juhannuspäivä'],
    [saturdayBetween(`${year}-10-31`), 'Pyhäinpäivä'],
    [`${year}-12-06`, 'Itsenäisyyspäivä'],
    [`${year}-12-24`, 'Jouluaatto'],
    [`${year}-12-25`, 'Joulupäivä'],
    [`${year}-12-26`, 'Tapaninpäivä'],
  ];
  return new Map(list);
}

export function isFinnishHoliday(date: string): boolean {
  return finnishHolidays(Number(date.slice(0, 4))).has(date);
}

const FI_WEEKDAY_SHORT = ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su'];
const FI_WEEKDAY_LONG = ['maanantai', 'tiistai', 'keskiviikko', 'torstai', 'perjantai', 'lauantai', 'sunnuntai'];

/** 'ma 24.11.' — a date as Finnish users read it. */
export function formatFinnishDate(date: string, withYear = false): string {
  const [y, m, d] = date.split('-');
  const wd = FI_WEEKDAY_SHORT[isoWeekday(date) - 1];
  return `${wd} ${Number(d)}.${Number(m)}.${withYear ? y : ''}`;
}

/** 'maanantai 24.11.2026' — for screen readers and e-mails. */
export function formatFinnishDateLong(date: string): string {
  const [y, m, d] = date.split('-');
  return `${FI_WEEKDAY_LONG[isoWeekday(date) - 1]} ${Number(d)}.${Number(m)}.${y}`;
}

/** '8.00' from '08:00:00'. */
export function formatFinnishTime(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  return `${Number(h)}.${m}`;
}

/**
 * How long work takes, as every page and message says it: '45 min', '2 h', '1 h 45 min'
 * (whole minutes; 'h' after the hours, as on the time step and in the catalogue).
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
