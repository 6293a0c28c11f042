import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { addDays, todayInHelsinki, type StaffBookingDetail } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { CancelForm } from './cancel-form.tsx';
import { NoteForm } from './note-form.tsx';

const BASE = '/ServiceBooking/rest/staff';
const DATE = addDays(todayInHelsinki(), 14);

const BOOKING: StaffBookingDetail = {
  id: 41,
  bookingKey: 'HV7K2M9Q4P',
  processType: 'MAINTENANCE',
  status: 'CONFIRMED',
  visitStatus: null,
  start: `${DATE}T09:00:00`,
  end: `${DATE}T10:00:00`,
  leadDate: null,
  resourceIds: [11],
  registerNumber: 'ABC-123',
  customerName: 'Maija Meikäläinen',
  customerPhone: '040 123 4567',
  summary: 'Määräaikaishuolto',
  totalCents: 10_000,
  usingKeyLocker: false,
  inAbsence: false,
  car: 'Volkswagen Golf',
  office: { id: 1, name: 'Konala' },
  createdAt: `${addDays(DATE, -20)}T12:15:00`,
  customer: { firstname: 'Maija', lastname: 'Meikäläinen', email: 'maija@example.com', phone: '040 123 4567', address: '', postCode: '', city: '' },
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', kilometers: null },
  items: [],
  symptoms: [],
  customerNotes: '',
  deliveryOption: null,
  channel: 'ONLINE',
  createdBy: null,
  campaignCode: '',
  events: [],
  messages: [],
};

function renderWith(children: ReactNode) {
  render(<QueryClientProvider client={newQueryClient()}>{children}</QueryClientProvider>);
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<NoteForm>', () => {
  it('says at the field that a note is missing and sends nothing', async () => {
    const { bodies } = stubFetch({ [`${BASE}/bookings/41/notes`]: () => json(BOOKING) });
    const announce = vi.fn();
    renderWith(<NoteForm booking={BOOKING} announce={announce} />);
    const text = screen.getByLabelText('Sisäinen muistiinpano');
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lisää muistiinpano' }));
    const error = await screen.findByText('Kirjoita muistiinpano');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toContain(error.id);
    expect(bodies(`${BASE}/bookings/41/notes`)).toEqual([]);
    expect(announce).not.toHaveBeenCalled();
  });

  it("shows a refusal that names no field as the form's problem", async () => {
    stubFetch({ [`${BASE}/bookings/41/notes`]: () => json({ error: 'FORBIDDEN', message: 'Ei oikeutta toimipisteeseen' }, 403) });
    renderWith(<NoteForm booking={BOOKING} announce={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Sisäinen muistiinpano'), { target: { value: 'Renkaat hotellissa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lisää muistiinpano' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ei oikeutta toimipisteeseen');
    expect(screen.getByLabelText('Sisäinen muistiinpano').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('<CancelForm>', () => {
  it('keeps the dialog open with the message at the reason when the server refuses the reason', async () => {
    const { bodies } = stubFetch({
      [`${BASE}/bookings/41/cancel`]: () =>
        json({ error: 'VALIDATION', message: 'Virheellinen syöte: reason', fields: [{ path: 'reason', message: 'Teksti on liian pitkä' }] }, 400),
    });
    const announce = vi.fn();
    renderWith(<CancelForm booking={BOOKING} announce={announce} />);
    fireEvent.click(screen.getByRole('button', { name: 'Peru varaus' }));
    const dialog = screen.getByRole('dialog', { name: 'Perutaanko varaus?' });
    fireEvent.change(within(dialog).getByLabelText('Syy (vapaaehtoinen)'), { target: { value: 'Asiakas soitti' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Peru varaus' }));
    expect(await within(dialog).findByText('Teksti on liian pitkä')).toBeTruthy();
    expect(within(dialog).getByLabelText('Syy (vapaaehtoinen)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Perutaanko varaus?' })).toBeTruthy();
    expect(bodies(`${BASE}/bookings/41/cancel`)).toEqual([{ reason: 'Asiakas soitti' }]);
    expect(announce).not.toHaveBeenCalled();
  });

  it("closes the dialog and shows the server's message when the cancel is refused otherwise", async () => {
    stubFetch({ [`${BASE}/bookings/41/cancel`]: () => json({ error: 'CONFLICT', message: 'Varaus on jo peruttu' }, 409) });
    renderWith(<CancelForm booking={BOOKING} announce={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Peru varaus' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Perutaanko varaus?' })).getByRole('button', { name: 'Peru varaus' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Varaus on jo peruttu');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
