import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { API_BASE, SITE_COOKIES, SITE_STORAGE, type PrivacyNotice } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { PrivacyNoticeRoute } from './privacy-notice.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOTICE: PrivacyNotice = {
  controller: {
    name: 'Autokorjaamo Esimerkki Oy',
    businessId: '7654321-0',
    address: 'Korjaamotie 5, 00100 Helsinki',
    email: 'tietosuoja@esimerkki.example',
    phone: '09 123 4567',
  },
  retention: { personalDataMonths: 36, outboxBodyDays: 45, loyaltyRegistrationDays: 7 },
  recipients: { mailHost: 'smtp.posti.example', sms: true, tagManager: false },
  companyPrivacyUrl: 'https://esimerkki.example/tietosuoja',
  loyalty: true,
};

function renderNotice(notice: PrivacyNotice) {
  const stub = stubFetch({ [`${API_BASE}/privacy-notice`]: () => json(notice) });
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter>
        <PrivacyNoticeRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return stub;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('<PrivacyNoticeRoute>', () => {
  it('shows the controller and the retention periods as the call answers them', async () => {
    renderNotice(NOTICE);
    const controller = await screen.findByRole('region', { name: 'Rekisterinpitäjä ja yhteystiedot' });
    expect(controller.textContent).toContain('Autokorjaamo Esimerkki Oy');
    expect(controller.textContent).toContain('7654321-0');
    expect(controller.textContent).toContain('Korjaamotie 5, 00100 Helsinki');
    expect(within(controller).getAllByRole('link', { name: 'tietosuoja@esimerkki.example' })[0]!.getAttribute('href')).toBe(
      'mailto:tietosuoja@esimerkki.example',
    );
    expect(within(controller).getByRole('link', { name: /tietosuojaselosteessa/ }).getAttribute('href')).toBe(NOTICE.companyPrivacyUrl);

    const retention = section('Kuinka kauan tietoja säilytetään');
    expect(retention.textContent).toContain('Varauksen henkilötiedot poistetaan 36 kuukautta käynnin jälkeen.');
    expect(retention.textContent).toContain('sisältö poistetaan 45 päivää lähettämisen jälkeen');
    expect(retention.textContent).toContain('Vahvistamattomat kanta-asiakasrekisteröitymiset poistetaan 7 päivän kuluttua.');

    const recipients = section('Kenelle tietoja luovutetaan');
    expect(recipients.textContent).toContain('(palvelin smtp.posti.example)');
    expect(recipients.textContent).toContain('tekstiviestinä');
    expect(recipients.textContent).not.toContain('Google');
    expect(section('Oikeutesi ja niiden käyttäminen').textContent).toContain('Omat tiedot');
  });

  it('lists every cookie and stored value of the site with its lifetime', async () => {
    renderNotice(NOTICE);
    const cookies = await screen.findByRole('table', { name: 'Evästeet' });
    const storage = screen.getByRole('table', { name: 'Selaimeen tallennetut tiedot' });
    expect(within(cookies).getAllByRole('row')).toHaveLength(SITE_COOKIES.length + 1);
    expect(within(storage).getAllByRole('row')).toHaveLength(SITE_STORAGE.length + 1);
    for (const v of SITE_COOKIES) {
      const row = within(cookies).getByText(v.name).closest('tr')!;
      expect(row.textContent).toContain(v.lifetime);
    }
  });

  it('tells only what is configured: no mail host, no SMS, analytics after consent, no loyalty', async () => {
    renderNotice({
      ...NOTICE,
      controller: { ...NOTICE.controller, email: '' },
      retention: { personalDataMonths: 1, outboxBodyDays: 1, loyaltyRegistrationDays: 7 },
      recipients: { mailHost: null, sms: false, tagManager: true },
      companyPrivacyUrl: '',
      loyalty: false,
    });
    const retention = await screen.findByRole('region', { name: 'Kuinka kauan tietoja säilytetään' });
    expect(retention.textContent).toContain('poistetaan 1 kuukausi käynnin jälkeen');
    expect(retention.textContent).not.toContain('kanta-asiakas');
    const recipients = section('Kenelle tietoja luovutetaan');
    expect(recipients.textContent).not.toContain('palvelin');
    expect(recipients.textContent).not.toContain('tekstiviest');
    expect(recipients.textContent).toContain('vain, jos hyväksyt analytiikan');
    expect(section('Siirrot EU:n ja ETA:n ulkopuolelle').textContent).toContain('Yhdysvalloissa');
    expect(screen.queryByRole('link', { name: /tietosuojaselosteessa/ })).toBeNull();
    expect(section('Oikeutesi ja niiden käyttäminen').textContent).not.toContain('Omat tiedot');
  });
});
