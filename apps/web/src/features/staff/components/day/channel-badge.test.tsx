import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffWeek } from '@huolto/domain';
import { summaryAt } from '@/features/staff/test-bookings.ts';
import { WeekView } from '@/features/staff/components/week-view.tsx';

afterEach(cleanup);

describe('channel badge in the week view', () => {
  it("shows Puhelimitse and Tiskillä beside the desk's bookings and nothing beside an online one", () => {
    const date = '2026-12-02';
    const week: StaffWeek = {
      weekStart: '2026-11-30',
      office: { id: 1, name: 'Konala' },
      resources: [{ id: 11, name: 'Nosturi 1' }],
      days: [
        {
          date,
          opening: { openingTime: '08:00', closingTime: '17:00' },
          exception: null,
          absences: [],
          load: null,
          bookings: [
            summaryAt(1, `${date}T08:00:00`, { registerNumber: 'PUH-1', channel: 'PHONE', createdBy: 'Teppo' }),
            summaryAt(2, `${date}T10:00:00`, { registerNumber: 'TIS-2', channel: 'COUNTER', createdBy: 'Teppo' }),
            summaryAt(3, `${date}T12:00:00`, { registerNumber: 'NET-3' }),
          ],
        },
      ],
    };
    render(
      <MemoryRouter>
        <WeekView week={week} officeId={1} />
      </MemoryRouter>,
    );
    const item = (plate: string) => screen.getByRole('link', { name: new RegExp(plate) }).closest('li')!;
    expect(item('PUH-1').textContent).toContain('Puhelimitse');
    expect(item('TIS-2').textContent).toContain('Tiskillä');
    expect(item('NET-3').textContent).not.toMatch(/Puhelimitse|Tiskillä|Verkossa/);
  });
});
