import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { API_BASE, NO_COMPANY_EMAIL_MESSAGE, XSRF_COOKIE } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { AccessibilityStatementRoute, feedbackPage } from './accessibility-statement.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FEEDBACK = `${API_BASE}/accessibility-feedback`;

function renderStatement(answer: () => Response, url = '/saavutettavuusseloste?sivu=/huolto/aika') {
  document.cookie = `${XSRF_COOKIE}=testi`;
  const stub = stubFetch({ [FEEDBACK]: answer });
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <AccessibilityStatementRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return stub;
}

describe('<AccessibilityStatementRoute>', () => {
  it('names the standard, the date and the supervising authority', () => {
    renderStatement(() => json({}, 202));
    const text = document.body.textContent ?? '';
    expect(text).toContain('WCAG 2.1');
    expect(text).toContain('EN 301 549');
    expect(text).toContain('Seloste on laadittu 28.11.2026.');
    expect(text).toContain('Liikenne- ja viestintävirasto Traficom, Saavutettavuusvalvonta');
    expect(screen.getByRole('link', { name: /saavutettavuusvaatimukset\.fi/ }).getAttribute('href')).toBe('https://www.saavutettavuusvaatimukset.fi');
  });

  it('sends the message, the reply address and the prefilled page, and thanks in a live region', async () => {
    const stub = renderStatement(() => json({}, 202));
    expect(((await screen.findByLabelText(/Sivu, jota palaute koskee/)) as HTMLInputElement).value).toBe('/huolto/aika');
    fireEvent.change(screen.getByLabelText(/Palautteesi/), { target: { value: '  Painike ei toimi näppäimistöllä.  ' } });
    fireEvent.change(screen.getByLabelText(/Sähköpostiosoitteesi/), { target: { value: 'maija@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä palaute' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Kiitos palautteesta'));
    expect(stub.bodies(FEEDBACK)).toEqual([{ message: 'Painike ei toimi näppäimistöllä.', email: 'maija@example.com', page: '/huolto/aika' }]);
    // Cleared for another message; the page stays.
    expect((screen.getByLabelText(/Palautteesi/) as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText(/Sivu, jota palaute koskee/) as HTMLInputElement).value).toBe('/huolto/aika');
  });

  it('sends nothing without a message and says so at the field', async () => {
    const stub = renderStatement(() => json({}, 202));
    fireEvent.click(await screen.findByRole('button', { name: 'Lähetä palaute' }));
    await waitFor(() => expect(screen.getByLabelText(/Palautteesi/).getAttribute('aria-invalid')).toBe('true'));
    expect(stub.bodies(FEEDBACK)).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    [409, NO_COMPANY_EMAIL_MESSAGE],
    [429, 'Olet lähettänyt useita palautteita lyhyessä ajassa.'],
  ])('tells a %i in Finnish as an alert and keeps the message', async (status, text) => {
    renderStatement(() => json({ error: 'X', message: 'palvelimen teksti' }, status));
    fireEvent.change(await screen.findByLabelText(/Palautteesi/), { target: { value: 'Kontrasti on heikko.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä palaute' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByLabelText(/Palautteesi/) as HTMLTextAreaElement).value).toBe('Kontrasti on heikko.');
  });
});

describe('feedbackPage', () => {
  const origin = 'https://ajanvaraus.example';
  it('takes ?sivu=, else the same site referrer without its query, else nothing', () => {
    expect(feedbackPage('/etusivu', `${origin}/huolto/aika`, origin)).toBe('/etusivu');
    expect(feedbackPage(null, `${origin}/oma-varaus?varaus=ABC&rekisteri=XYZ-1`, origin)).toBe('/oma-varaus');
    expect(feedbackPage(null, 'https://muu.example/sivu', origin)).toBe('');
    expect(feedbackPage(null, `${origin}/saavutettavuusseloste`, origin)).toBe('');
    expect(feedbackPage(null, '', origin)).toBe('');
  });
});
