/**
 * A booking's detail and its actions (move, cancel, visit status, internal note), and the
 * office day it is moved within. Every action answers with the booking's detail as it now is.
 */
import type { StaffBookingDetail, StaffDay, StaffMoveBody, StaffOffice, VisitStatus } from '@huolto/domain';
import { formatLocalDateTime } from '@huolto/domain';
import { staffFetch } from './client.ts';

export function fetchBooking(bookingId: number): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('GET', `/bookings/${bookingId}`);
}

export function moveBooking(bookingId: number, body: StaffMoveBody): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('POST', `/bookings/${bookingId}/move`, body);
}

export function cancelBooking(bookingId: number, reason: string): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('POST', `/bookings/${bookingId}/cancel`, { reason });
}

export function setVisitStatus(bookingId: number, visitStatus: VisitStatus | null): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('POST', `/bookings/${bookingId}/status`, { visitStatus });
}

export function addNote(bookingId: number, text: string): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('POST', `/bookings/${bookingId}/notes`, { text });
}

/** The offices the signed-in user runs, each with its resources. */
export function fetchOffices(): Promise<StaffOffice[]> {
  return staffFetch<StaffOffice[]>('GET', '/offices');
}

/** An office's day: opening, resources and what occupies them (bookings, holds, absences). */
export function fetchDay(officeId: number, date: string): Promise<StaffDay> {
  return staffFetch<StaffDay>('GET', `/offices/${officeId}/day`, undefined, { date });
}

/**
 * The field messages of a refusal (400 `fields`: `[{ path, message }]`, or already a map of
 * path → message) by field path, the first message of each field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields = (error as { fields?: unknown } | null)?.fields;
  const out: Record<string, string> = {};
  if (Array.isArray(fields)) {
    for (const f of fields as { path?: unknown; message?: unknown }[]) {
      const path = typeof f?.path === 'string' ? f.path : '';
      if (typeof f?.message === 'string' && !(path in out)) out[path] = f.message;
    }
  } else if (fields && typeof fields === 'object') {
    for (const [path, message] of Object.entries(fields as Record<string, unknown>)) {
      if (typeof message === 'string') out[path] = message;
    }
  }
  return out;
}

/** The server's own Finnish message of a failed call, or a general one. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message) return message;
  return 'Toiminto epäonnistui. Yritä hetken kuluttua uudelleen.';
}

/**
 * A time of the API as Helsinki wall clock: 'YYYY-MM-DDTHH:mm:ss' as it is, an instant
 * (with Z or an offset) turned into Helsinki time. Null when it is neither.
 */
export function helsinkiDateTime(value: string): { date: string; time: string } | null {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?$/.exec(value);
  if (local) return { date: local[1]!, time: `${local[2]}:00` };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const [date, time] = formatLocalDateTime(instant).split('T') as [string, string];
  return { date, time };
}
