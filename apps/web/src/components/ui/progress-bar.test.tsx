import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PROCESSES } from '@huolto/domain';
import { ProgressBar } from './progress-bar.tsx';

afterEach(cleanup);

const huolto = PROCESSES.MAINTENANCE;

function renderBar(activeStep: string, locked = false) {
  return render(
    <MemoryRouter>
      <ProgressBar process={huolto} activeStep={activeStep} stepHref={(s) => `/huolto/${s}`} locked={locked} />
    </MemoryRouter>,
  );
}

describe('ProgressBar', () => {
  it('lists every step but the thanks page', () => {
    renderBar('palvelut');
    const nav = screen.getByRole('navigation', { name: 'Varauksen vaiheet' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(nav.textContent).not.toContain('Kiitos');
  });

  it('makes finished steps links back with a check mark, not a number', () => {
    renderBar('aika');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/huolto/ajoneuvo', '/huolto/palvelut', '/huolto/lisapalvelut']);
    const first = screen.getByRole('link', { name: /Ajoneuvo/ });
    expect(first.querySelector('svg')).not.toBeNull();
    expect(first.querySelector('.progress__marker')?.textContent).toBe('');
    expect(first.textContent).toContain('valmis');
  });

  it('shows the number of the active step, marks it current and does not link it', () => {
    renderBar('aika');
    const current = document.querySelector('[aria-current="step"]');
    expect(current).not.toBeNull();
    expect(current?.tagName).not.toBe('A');
    expect(current?.textContent).toContain('4');
    expect(current?.textContent).toContain('Aika');
    expect(screen.queryByRole('link', { name: /Aika/ })).toBeNull();
    expect(document.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
  });

  it('shows numbers and no links for unfinished steps', () => {
    renderBar('ajoneuvo');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    const markers = Array.from(document.querySelectorAll('.progress__marker')).map((m) => m.textContent);
    expect(markers).toEqual(['1', '2', '3', '4', '5']);
    expect(document.querySelectorAll('svg')).toHaveLength(0);
  });

  it('has no links when locked (after the booking was saved)', () => {
    renderBar('kiitos', true);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(document.querySelectorAll('svg')).toHaveLength(5);
  });
});
