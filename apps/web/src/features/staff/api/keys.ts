/**
 * Every query key of the back-office, from one factory: all under 'staff', so that signing
 * out clears them with one prefix, and an office's views under its id.
 */
export const staffKeys = {
  all: ['staff'] as const,
  offices: ['staff', 'offices'] as const,
  day: (officeId: number, date: string) => ['staff', 'day', officeId, date] as const,
  /** Every day view of every office (a move may change two days). */
  days: ['staff', 'day'] as const,
  week: (officeId: number, date: string) => ['staff', 'week', officeId, date] as const,
  weeks: ['staff', 'week'] as const,
  booking: (bookingId: number) => ['staff', 'booking', bookingId] as const,
  search: (q: string) => ['staff', 'search', q] as const,
  absences: (officeId: number, from: string, to: string) => ['staff', 'absences', officeId, from, to] as const,
  absencesOf: (officeId: number) => ['staff', 'absences', officeId] as const,
  opening: (officeId: number) => ['staff', 'opening', officeId] as const,
  users: ['staff', 'users'] as const,
};
