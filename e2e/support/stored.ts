import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/** The newest booking of the plate saved through the browser (a booking flow, not the seed). */
export function newestBrowserBooking(h: Harness, registerNumber: string) {
  return h.database.db
    .selectFrom('booking')
    .selectAll()
    .where('register_number', '=', registerNumber)
    .where('process_token', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The one event of an .ics file as a calendar reads it, with the file's own VTIMEZONE. */
export function readEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return new ICAL.Event(vevents[0]!);
}
