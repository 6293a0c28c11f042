import { describe, expect, it } from 'vitest';
import { STAFF_MOVE_STEP_MINUTES, staffMoveStarts, type StaffBookingSummary, type StaffDay } from './index.ts';

const DATE = '2026-11-24';

const DAY: StaffDay = {
  date: DATE,
  office: { id: 1, name: 'Konala' },
  resources: [
    { id: 11, name: 'Nosturi 1' },
    { id: 12, name: 'Nosturi 2' },
  ],
  opening: { openingTime: '08:00', closingTime: '10:00' },
  exception: null,
  bookings: [],
  holds: [],
  absences: [],
  nextBookingDate: null,
};

function booking(id: number, start: string, end: string, over: Partial<StaffBookingSummary> = {}): StaffBookingSummary {
  return {
    id,
    bookingKey: 'HV7K2M9Q4P',
    processType: 'MAINTENANCE',
    status: 'CONFIRMED',
    visitStatus: null,
    start: `${DATE}T${start}`,
    end: `${DATE}T${end}`,
    leadDate: null,
    resourceIds: [11],
    registerNumber: 'ABC-123',
    customerName: 'Maija Meikäläinen',
    customerPhone: '040 123 4567',
    summary: '',
    totalCents: 0,
    usingKeyLocker: false,
    inAbsence: false,
    car: '',
    symptoms: [],
    customerNotes: '',
    deliveryOption: null,
    channel: 'ONLINE',
    createdBy: null,
    ...over,
  };
}

describe('the staff move grid', () => {
  it('is the quarter hour', () => {
    expect(STAFF_MOVE_STEP_MINUTES).toBe(15);
  });

  it("offers every quarter hour from the day's opening where the length fits before closing", () => {
    const starts = staffMoveStarts(DAY, 11, 60, 41, `${DATE}T07:00:00`);
    expect(starts.map((s) => s.time)).toEqual(['08:00:00', '08:15:00', '08:30:00', '08:45:00', '09:00:00']);
    expect(starts.every((s) => !s.taken && !s.past)).toBe(true);
    expect(staffMoveStarts(DAY, 11, 150, 41, `${DATE}T07:00:00`)).toEqual([]);
  });

  it('offers nothing on a closed day', () => {
    expect(staffMoveStarts({ ...DAY, opening: null }, 11, 60, 41)).toEqual([]);
  });

  it('marks a start taken by another confirmed booking, a hold or an absence on the resource, and a start at or before now as past', () => {
    const day: StaffDay = {
      ...DAY,
      bookings: [
        booking(41, '08:00:00', '09:00:00'),
        booking(42, '09:45:00', '10:00:00'),
        booking(43, '08:00:00', '08:30:00', { status: 'CANCELLED' }),
        booking(44, '08:00:00', '08:30:00', { resourceIds: [12] }),
      ],
      holds: [{ resourceId: 11, start: `${DATE}T08:15:00`, end: `${DATE}T08:30:00`, expiresAt: `${DATE}T07:10:00` }],
      absences: [],
    };
    expect(staffMoveStarts(day, 11, 30, 41, `${DATE}T08:00:00`)).toEqual([
      { time: '08:00:00', taken: true, past: true },
      { time: '08:15:00', taken: true, past: false },
      { time: '08:30:00', taken: false, past: false },
      { time: '08:45:00', taken: false, past: false },
      { time: '09:00:00', taken: false, past: false },
      { time: '09:15:00', taken: false, past: false },
      { time: '09:30:00', taken: true, past: false },
    ]);
    const absent: StaffDay = {
      ...DAY,
      absences: [{ id: 1, resourceId: 11, start: `${DATE}T09:30:00`, end: `2026-11-25T00:00:00`, reason: '', bookingsInside: 0, bookingIdsInside: [] }],
    };
    expect(staffMoveStarts(absent, 11, 60, 41, `${DATE}T08:10:00`)).toEqual([
      { time: '08:00:00', taken: false, past: true },
      { time: '08:15:00', taken: false, past: false },
      { time: '08:30:00', taken: false, past: false },
      { time: '08:45:00', taken: true, past: false },
      { time: '09:00:00', taken: true, past: false },
    ]);
    expect(staffMoveStarts(absent, 12, 60, 41, `${DATE}T08:10:00`).some((s) => s.taken)).toBe(false);
  });

  it('keeps to the clock\'s quarter hours, which the server accepts, when an exception opens off them', () => {
    const late: StaffDay = { ...DAY, opening: { openingTime: '08:10', closingTime: '09:20' } };
    expect(staffMoveStarts(late, 11, 30, 41, `${DATE}T07:00:00`).map((s) => s.time)).toEqual(['08:15:00', '08:30:00', '08:45:00']);
  });
});
