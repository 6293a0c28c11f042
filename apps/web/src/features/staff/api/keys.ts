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
  /** The set-up pages: the company, the set-up list, the offices' admin list, an office's details and resources, the kinds of work. */
  company: ['staff', 'company'] as const,
  setup: ['staff', 'setup'] as const,
  officeAdmin: ['staff', 'office-admin'] as const,
  officeDetails: (officeId: number) => ['staff', 'office-details', officeId] as const,
  resources: (officeId: number) => ['staff', 'resources', officeId] as const,
  /** An office's dated notices to customers. */
  infoTexts: (officeId: number) => ['staff', 'info-texts', officeId] as const,
  workKinds: ['staff', 'work-kinds'] as const,
  vehicleMakes: ['staff', 'vehicle-makes'] as const,
  /** The catalogue: its groups, services, a service, a preview, the campaign codes and a tire search; all under 'catalogue'. */
  catalogue: ['staff', 'catalogue'] as const,
  catalogueGroups: ['staff', 'catalogue', 'groups'] as const,
  services: ['staff', 'catalogue', 'services'] as const,
  service: (code: string) => ['staff', 'catalogue', 'service', code] as const,
  cataloguePreview: (registerNumber: string, officeId: number, kilometers: number | null) =>
    ['staff', 'catalogue', 'preview', registerNumber, officeId, kilometers] as const,
  campaignCodes: ['staff', 'catalogue', 'campaign-codes'] as const,
  /** The loyalty vouchers: all under one prefix, then the newest of all ('') or one member's by e-mail. */
  vouchersAll: ['staff', 'catalogue', 'vouchers'] as const,
  vouchers: (email: string) => ['staff', 'catalogue', 'vouchers', email] as const,
  tires: (q: string, supplier: string) => ['staff', 'catalogue', 'tires', q, supplier] as const,
  tiresAll: ['staff', 'catalogue', 'tires'] as const,
  /** What a search found about a person (admins): every such search under one prefix, removed after an erasure. */
  personalData: ['staff', 'personal-data'] as const,
  personalDataSearch: (q: { email: string; phone: string; registerNumber: string }) =>
    ['staff', 'personal-data', q.email, q.phone, q.registerNumber] as const,
};
