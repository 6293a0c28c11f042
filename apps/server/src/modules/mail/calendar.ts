/**
 * The booking's calendar event (.ics, RFC 5545), attached to the confirmation e-mail.
 * ical-generator writes it (escaping, CR LF line ends, folding at 75 octets); this file
 * only decides what goes in. The times are Helsinki wall clock with TZID=Europe/Helsinki,
 * and the file carries the zone's VTIMEZONE, so that every calendar (Outlook included,
 * which does not know IANA zone names by themselves) places the event at the workshop's
 * local time, and an event moved across a DST change keeps its wall-clock time.
 */
import { ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { NEUTRAL_SERVICE_NAME } from '@huolto/domain';
import { calendarText } from './text.ts';

/** The booking's time zone: every office is in Finland. */
export const CALENDAR_TIME_ZONE = 'Europe/Helsinki';

/**
 * Europe/Helsinki as an iCalendar VTIMEZONE: EET (+02:00) and EEST (+03:00), summer time
 * from the last Sunday of March 03:00 to the last Sunday of October 04:00 local time
 * (the EU rule, 01:00 UTC both ways, in force in Finland since 1996). Bookings lie within
 * the booking horizon, so the rule alone describes every time the file can hold; the test
 * checks it against the domain's Helsinki time (Intl) around DST changes.
 */
const HELSINKI_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Helsinki',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0300',
  'TZNAME:EEST',
  'DTSTART:19700329T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0200',
  'TZNAME:EET',
  'DTSTART:19701025T040000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface BookingEvent {
  /** The booking key; the event's UID is made of it, so a re-sent confirmation updates the same event. */
  bookingKey: string;
  /** Start and end as Helsinki wall clock 'YYYY-MM-DDTHH:mm:ss' (as the booking stores them). */
  start: string;
  end: string;
  summary: string;
  /** The office's name and address. */
  location: string;
  description: string;
  /** The office: the event's organizer when its e-mail address is known. */
  organizer?: { name: string; email: string | null | undefined } | undefined;
  /** DTSTAMP: when the file was made. */
  now: Date;
  /** The company's name (the companyName setting) for the file's PRODID; 'Ajanvaraus' when empty. */
  company?: string | undefined;
}

const helsinki = (localDateTime: string) => {
  const value = DateTime.fromISO(localDateTime, { zone: CALENDAR_TIME_ZONE });
  if (!value.isValid) throw new RangeError(`Invalid local date-time ${localDateTime}`);
  return value;
};

/** The organizer's CN is a quoted parameter value: one line, and no double quote, which could not be written in it. */
const organizerName = (name: string) => calendarText(name).replace(/["\n]/g, ' ').replace(/ {2,}/g, ' ').trim();

/** PRODID's parts are separated by '//': the company's name keeps none of it, nor a line break. */
const prodIdText = (name: string) => name.replace(/[/\r\n]+/g, ' ').trim() || NEUTRAL_SERVICE_NAME;

/**
 * A booking's calendar event UID: its key, unique, on a fixed neutral right-hand part, so the
 * e-mail's file and the downloaded one are the same event whatever the company is called.
 */
export const bookingEventUid = (bookingKey: string) => `${bookingKey}@ajanvaraus`;

/**
 * The .ics text of a booked time. METHOD:PUBLISH, as the e-mail's text/calendar part says:
 * clients offer to add the event to the calendar without asking for a reply (REQUEST
 * would make them send accept/decline answers to the office).
 */
export function bookingCalendar(event: BookingEvent): string {
  const calendar = new ICalCalendar({
    prodId: { company: prodIdText(event.company?.trim() || NEUTRAL_SERVICE_NAME), product: 'Ajanvaraus', language: 'FI' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: (zone) => (zone === CALENDAR_TIME_ZONE ? HELSINKI_VTIMEZONE : null) },
  });
  const organizerEmail = event.organizer?.email?.trim();
  calendar.createEvent({
    id: bookingEventUid(event.bookingKey),
    stamp: event.now,
    start: helsinki(event.start),
    end: helsinki(event.end),
    timezone: CALENDAR_TIME_ZONE,
    summary: calendarText(event.summary),
    location: calendarText(event.location),
    description: calendarText(event.description),
    ...(event.organizer && organizerEmail ? { organizer: { name: organizerName(event.organizer.name), email: organizerEmail } } : {}),
  });
  return `${calendar.toString()}\r\n`;
}
