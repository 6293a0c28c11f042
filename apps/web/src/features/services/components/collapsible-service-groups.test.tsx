import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { group, suggestion } from '@/test/fixtures.ts';
import { CollapsibleServiceGroups } from './collapsible-service-groups.tsx';

afterEach(cleanup);

const groups = [
  group('wipers', 'Pyyhkijät ja valot', [
    suggestion({ product: { id: 'A', provider: 'LAAKKONEN' }, description: 'Pyyhkijänsulat' }),
    suggestion({ product: { id: 'B', provider: 'LAAKKONEN' }, description: 'Polttimot' }),
  ]),
  group('ac', 'Ilmastointi', [suggestion({ product: { id: 'C', provider: 'LAAKKONEN' }, description: 'Ilmastointihuolto' })]),
  group('empty', 'Tyhjä ryhmä', []),
  group('wash', 'Pesut', [
    suggestion({ product: { id: 'D', provider: 'LAAKKONEN' }, description: 'Sisäpesu' }),
    suggestion({ product: { id: 'E', provider: 'LAAKKONEN' }, description: 'Ulkopesu' }),
    suggestion({ product: { id: 'F', provider: 'LAAKKONEN' }, description: 'Vahaus' }),
  ]),
];

const toggleOf = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });
const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '')!;

describe('<CollapsibleServiceGroups>', () => {
  it('opens the first group with its count and folds the others', () => {
    render(<CollapsibleServiceGroups groups={groups} isLoading={false} onToggle={() => undefined} />);
    const first = toggleOf('Pyyhkijät ja valot');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(within(first).getByText('2 palvelua saatavilla')).toBeTruthy();
    expect(panelOf(first).hidden).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Pyyhkijänsulat' })).toBeTruthy();

    for (const title of ['Ilmastointi', 'Pesut']) {
      const button = toggleOf(title);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
    }
    expect(screen.queryByRole('checkbox', { name: 'Sisäpesu' })).toBeNull(); // hidden, not in the tree
    expect(screen.queryByText('Tyhjä ryhmä')).toBeNull();
  });

  it("folds every group with 'none', except one holding a chosen service, which tells so", () => {
    const chosen = [groups[0]!, group('ac', 'Ilmastointi', [suggestion({ product: { id: 'C', provider: 'LAAKKONEN' }, description: 'Ilmastointihuolto', selected: true })])];
    render(<CollapsibleServiceGroups groups={chosen} isLoading={false} initiallyOpen="none" onToggle={() => undefined} />);
    expect(toggleOf('Pyyhkijät ja valot').getAttribute('aria-expanded')).toBe('false');
    const ac = toggleOf('Ilmastointi');
    expect(ac.getAttribute('aria-expanded')).toBe('true');
    expect(ac.textContent).toContain('1 palvelu saatavilla, 1 valittu');
  });

  it('counts the services a chosen one includes, each of which says so and cannot be chosen', () => {
    const oil = group('oil', 'Öljynvaihto', [
      suggestion({ product: { id: 'OIL', provider: 'LAAKKONEN' }, description: 'Öljynvaihto', included_in: { id: 'PKG', description: 'Määräaikaishuolto 60 000 km' } }),
    ]);
    render(<CollapsibleServiceGroups groups={[oil]} isLoading={false} onToggle={() => undefined} />);
    expect(toggleOf('Öljynvaihto').textContent).toContain('1 palvelu saatavilla, 1 sisältyy valintaasi');
    const box = screen.getByRole('checkbox', { name: 'Öljynvaihto' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    const described = box.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Sisältyy valitsemaasi palveluun Määräaikaishuolto 60 000 km');
  });

  it('expands and collapses a group by its title', () => {
    render(<CollapsibleServiceGroups groups={groups} isLoading={false} onToggle={() => undefined} />);
    const wash = toggleOf('Pesut');
    expect(within(wash).getByText('3 palvelua saatavilla')).toBeTruthy();
    fireEvent.click(wash);
    expect(wash.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(wash).hidden).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Vahaus' })).toBeTruthy();
    // Other groups keep their state.
    expect(toggleOf('Pyyhkijät ja valot').getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(wash);
    expect(wash.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox', { name: 'Vahaus' })).toBeNull();
  });

  it('passes the product and its group to the handler', async () => {
    const onToggle = vi.fn();
    render(<CollapsibleServiceGroups groups={groups} isLoading={false} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Polttimot' }));
    await waitFor(() =>
      expect(onToggle).toHaveBeenCalledWith(groups[0]!.suggestions[1], true, groups[0]),
    );
  });

  it('shows an empty state without groups and a loading state while loading', () => {
    const { rerender } = render(<CollapsibleServiceGroups groups={[]} isLoading={false} onToggle={() => undefined} />);
    expect(screen.getByText('Tälle autolle ei ole nyt lisäpalveluita')).toBeTruthy();
    rerender(<CollapsibleServiceGroups groups={undefined} isLoading onToggle={() => undefined} />);
    expect(screen.getByRole('status', { name: 'Ladataan lisäpalveluita…' })).toBeTruthy();
  });
});
