/**
 * Test helpers of the back-office pages: a fetch stub answering by method and path (relative to
 * the API's base, '/staff/company', '/vehicle-makes'), demo answers, and a page rendered
 * signed in at an address.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { API_BASE, type OfficeDetails, type StaffMe, type StaffResourceDetails, type WorkKind } from '@huolto/domain';
import { json, newQueryClient } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';

export { json };

type Answer = (body: unknown) => Response | Promise<Response>;

/** A call's body: its JSON read, or a file (a picture) as it was sent. */
const bodyOf = (init?: RequestInit): unknown =>
  init?.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;

/**
 * Stubs fetch with answers by 'METHOD /path' ('PUT /staff/company'); several answers to one
 * call are given in turn, the last one repeated. An unknown call is a 404.
 */
export function stubApi(routes: Record<string, Answer | Answer[]>) {
  const used: Record<string, number> = {};
  const keyOf = (url: string, init?: RequestInit) => `${(init?.method ?? 'GET').toUpperCase()} ${String(url).split('?')[0]!.replace(API_BASE, '')}`;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = keyOf(url, init);
    const route = routes[key];
    if (!route) return json({ error: 'NOT_FOUND', message: key }, 404);
    const answers = Array.isArray(route) ? route : [route];
    const i = Math.min(used[key] ?? 0, answers.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    return answers[i]!(bodyOf(init));
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodies = (key: string) =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([url, init]) => keyOf(url, init) === key)
      .map(([, init]) => bodyOf(init));
  const called = (key: string) => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).some(([url, init]) => keyOf(url, init) === key);
  return { fetchMock, bodies, called };
}

/** A 400 naming one field, as the server answers it. */
export const refusedField = (path: string, message: string) =>
  json({ error: 'VALIDATION', message: `Virheellinen syöte: ${path}`, fields: [{ path, message }] }, 400);

export const ADMIN: StaffMe = {
  id: 1,
  email: 'admin@laakkonen.example',
  name: 'Pääkäyttäjä Demo',
  role: 'ADMIN',
  offices: [
    { id: 1, name: 'Laakkonen Helsinki Konala' },
    { id: 2, name: 'Laakkonen Espoo' },
  ],
};
export const OFFICE_USER: StaffMe = {
  id: 2,
  email: 'toimipiste1@laakkonen.example',
  name: 'Toimipiste Demo',
  role: 'OFFICE',
  offices: [{ id: 1, name: 'Laakkonen Helsinki Konala' }],
};

export const KONALA: OfficeDetails = {
  id: 1,
  code: 'KONALA',
  name: 'Laakkonen Helsinki Konala',
  address: 'Ristipellontie 14',
  postCode: '00390',
  postOffice: 'Helsinki',
  latitude: 60.2383,
  longitude: 24.8467,
  phone: '010 525 4000',
  email: 'konala@laakkonen.example',
  dealerMakeIds: [1],
  processes: ['MAINTENANCE', 'TIRE_CHANGE'],
  timeSelectionType: 'EXACT_TIME',
  leadOnly: false,
  firstSlotTime: '08:00',
  slotStepMinutes: 60,
  lockerCompartments: 12,
  customerNotice: '',
  showLoanCalculator: true,
  customerSelectsResource: false,
  damageInspection: false,
  openingTime: '07:30',
  closingTime: '17:00',
  active: true,
};

export const MAKES = [
  { id: 1, name: 'Volkswagen' },
  { id: 2, name: 'Toyota' },
  { id: 3, name: 'Skoda' },
];

export const WORK_KINDS: WorkKind[] = [
  { code: 'HUOLTO', name: 'Huolto', sort: 1, active: true },
  { code: 'RENKAAT', name: 'Renkaanvaihto', sort: 2, active: true },
  { code: 'LASI', name: 'Tuulilasi', sort: 3, active: false },
];

export const RESOURCES: StaffResourceDetails[] = [
  { id: 11, name: 'Nosturi 1', displayName: null, selectable: false, active: true, sort: 1, workKinds: ['HUOLTO'] },
  { id: 12, name: 'Nosturi 2', displayName: 'Mekaanikko Mikko', selectable: true, active: true, sort: 2, workKinds: ['HUOLTO', 'RENKAAT'] },
  { id: 13, name: 'Rengaspaikka', displayName: null, selectable: false, active: false, sort: 3, workKinds: ['RENKAAT'] },
];

/** Where the app is, for a test to read after a navigation. */
function Address() {
  const location = useLocation();
  return <span data-testid="address">{location.pathname}</span>;
}

/** The page at `path` (its route `pattern`, its history `state`), signed in as `me`; other addresses show their path. */
export function renderPage(page: ReactNode, { me = ADMIN, path, pattern = path, state }: { me?: StaffMe; path: string; pattern?: string; state?: unknown }) {
  return render(
    <StaffProvider queryClient={newQueryClient()} initialMe={me}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<p>Muu sivu</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </StaffProvider>,
  );
}
