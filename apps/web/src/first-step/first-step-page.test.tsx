import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PROCESSES } from '@huolto/domain';
import { siteSettings } from '@/test/fixtures.ts';
import { FirstStepPage } from './first-step-page.tsx';
import { prerenderFirstSteps } from './prerender.tsx';

afterEach(cleanup);

describe('the stand-alone first step and the settings', () => {
  it('is prerendered without a company: the brand and the title say just Ajanvaraus', () => {
    const pages = prerenderFirstSteps();
    expect(pages.map((p) => p.title)).toContain(`Ajoneuvo – ${PROCESSES.MAINTENANCE.title} – Ajanvaraus`);
    for (const page of pages) {
      expect(page.html).toContain('<span class="brand__name">Ajanvaraus</span>');
      // Neither the demo company nor its loyalty programme (OmaLaakkonen) is named.
      expect(page.html).not.toMatch(/Laakkonen|Laakkose/);
    }
    // What the browser's first render (settings not yet loaded) hydrates: the same markup.
    expect(renderToString(<FirstStepPage process={PROCESSES.MAINTENANCE} interactive={false} />)).toContain('<span class="brand__name">Ajanvaraus</span>');
  });

  it('names the company once the settings have loaded', () => {
    render(<FirstStepPage process={PROCESSES.MAINTENANCE} settings={siteSettings({ companyName: 'Autokorjaamo Esimerkki' })} />);
    expect(within(screen.getByRole('banner')).getByRole('link').textContent).toBe('AAutokorjaamo Esimerkki');
    expect(document.title).toBe(`Ajoneuvo – ${PROCESSES.MAINTENANCE.title} – Ajanvaraus – Autokorjaamo Esimerkki`);
    expect(screen.getByLabelText(/Rekisterinumero/)).toBeTruthy();
  });

  it("is prerendered with a neutral loyalty card; the settings' programme name then heads it, and without a programme it goes", () => {
    for (const page of prerenderFirstSteps()) {
      expect(page.html).toContain('Kanta-asiakkuus</h2>');
      expect(page.html).toContain('Kirjaudu kanta-asiakkaana');
    }
    const { rerender } = render(<FirstStepPage process={PROCESSES.MAINTENANCE} />);
    expect(screen.getByRole('region', { name: 'Kanta-asiakkuus' })).toBeTruthy();
    rerender(<FirstStepPage process={PROCESSES.MAINTENANCE} settings={siteSettings({ loyalty: true, loyaltyName: 'Esimerkki Plus' })} />);
    expect(screen.getByRole('region', { name: 'Esimerkki Plus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kirjaudu kanta-asiakkaana' })).toBeTruthy();
    rerender(<FirstStepPage process={PROCESSES.MAINTENANCE} settings={siteSettings({ loyalty: true, loyaltyName: '' })} />);
    expect(screen.getByRole('region', { name: 'Kanta-asiakkuus' })).toBeTruthy();
    rerender(<FirstStepPage process={PROCESSES.MAINTENANCE} settings={siteSettings({ loyalty: false, loyaltyName: 'Esimerkki Plus' })} />);
    expect(screen.queryByRole('region', { name: /Esimerkki Plus|Kanta-asiakkuus/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Kirjaudu/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Esimerkki Plus|Kanta-asiakkuus/);
    expect(screen.getByLabelText(/Rekisterinumero/)).toBeTruthy();
  });

  it('says that booking is not open yet instead of the form', () => {
    render(<FirstStepPage process={PROCESSES.TIRE_CHANGE} settings={siteSettings({ bookingOpen: false, bookingPhone: '010 123 4567' })} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ajanvaraus ei ole vielä avoinna' })).toBeTruthy();
    expect(screen.getByText(/Verkkoajanvaraus avataan pian/).textContent).toContain('010 123 4567');
    expect(screen.queryByLabelText(/Rekisterinumero/)).toBeNull();
  });
});
