import type { StaffBookingSummary } from '@huolto/domain';

/**
 * A booking as the back-office's day, week and search answers list it, for page tests: an
 * hour from `start` on resource 11, or a lead wished for `leadDate` when `start` is null.
 */
export function summaryAt(id: number, start: string | null, over: Partial<StaffBookingSummary> = {}, leadDate = '2026-12-02'): StaffBookingSummary {
  return {
    id,
    bookingKey: `KEY${id}`,
    processType: 'MAINTENANCE',
    status: 'CONFIRMED',
    visitStatus: null,
    start,
    end: start ? start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`) : null,
    leadDate: start ? null : leadDate,
    resourceIds: start ? [11] : [],
    registerNumber: 'ABC-123',
    customerName: 'Matti Meikäläinen',
    customerPhone: '040 123 4567',
    summary: 'Määräaikaishuolto',
    totalCents: 10_000,
    usingKeyLocker: false,
    inAbsence: false,
    car: 'Skoda Octavia',
    symptoms: [],
    customerNotes: '',
    deliveryOption: 'CUSTOMER_WAITING',
    channel: 'ONLINE',
    createdBy: null,
    ...over,
  };
}
