import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SiteSettings } from '@huolto/domain';
import { LandingPage, type InternalLink } from './landing-page.tsx';

afterEach(cleanup);

const PlainLink: InternalLink = ({ to, className, children }) => (
  <a href={to} className={className}>
    {children}
  </a>
);

const LINKS = { damageInspection: 'https://vahinko.example.com/', bookingByPhone: 'https://example.com/yhteystiedot' } as unknown as SiteSettings['links'];

function renderLanding(openBooking?: (href: string) => void) {
  return render(<LandingPage links={LINKS} bookingPhone="010 525 4000" pending={false} InternalLink={PlainLink} openBooking={openBooking} />);
}

describe('<LandingPage>', () => {
  it('shows damage inspection and booking by phone as tiles right after the four processes (requirements §2: six tiles)', () => {
    const { container } = renderLanding();
    expect(within(screen.getByRole('list', { name: 'Varattavat palvelut' })).getAllByRole('link')).toHaveLength(4);
    const others = screen.getByRole('list', { name: 'Muut tavat varata' });
    const tiles = others.querySelectorAll(':scope > li > .process-tile');
    expect(tiles).toHaveLength(2);
    const damage = within(others).getByRole('link', { name: /Vahinkotarkastus.*Varaa vahinkotarkastus/ });
    expect(damage.getAttribute('href')).toBe('https://vahinko.example.com/');
    expect(damage.className).toContain('process-tile');
    expect(within(others).getByRole('link', { name: /010 525 4000/ }).getAttribute('href')).toBe('tel:0105254000');
    // Straight after the processes, before what the booking promises.
    const order = [...container.querySelectorAll('.landing__processes, .landing__more-list, .landing__benefits')].map((el) => el.className);
    expect(order).toEqual(['landing__processes', 'landing__more-list', 'landing__benefits']);
  });

  it("'Varauksesi' opens the booking's own page by its key and plate", () => {
    const openBooking = vi.fn();
    renderLanding(openBooking);
    const section = screen.getByRole('region', { name: 'Varauksesi' });
    fireEvent.change(within(section).getByLabelText('Varaustunnus'), { target: { value: ' AB12CD34 ' } });
    fireEvent.change(within(section).getByLabelText('Rekisterinumero'), { target: { value: 'abc-123' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Avaa varaus' }));
    expect(openBooking).toHaveBeenCalledWith('/oma-varaus?varaus=AB12CD34&rekisteri=abc-123');
  });

  it('says at the field what is missing and moves the focus there, opening nothing', () => {
    const openBooking = vi.fn();
    renderLanding(openBooking);
    const section = screen.getByRole('region', { name: 'Varauksesi' });
    fireEvent.change(within(section).getByLabelText('Varaustunnus'), { target: { value: 'AB12CD34' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Avaa varaus' }));
    expect(openBooking).not.toHaveBeenCalled();
    const plate = within(section).getByLabelText('Rekisterinumero');
    expect(document.activeElement).toBe(plate);
    expect(plate.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(plate.getAttribute('aria-describedby')!)?.textContent).toBe('Anna rekisterinumero.');
  });

  it('is a plain GET form to /oma-varaus as well, with the names the page reads', () => {
    renderLanding();
    const form = screen.getByRole('button', { name: 'Avaa varaus' }).closest('form')!;
    expect(form.getAttribute('action')).toBe('/oma-varaus');
    expect(form.getAttribute('method')).toBe('get');
    expect([...form.querySelectorAll('input')].map((i) => i.name)).toEqual(['varaus', 'rekisteri']);
  });
});

describe('<LandingPage> with the settings of a company', () => {
  const links = (overrides: Partial<SiteSettings['links']>) =>
    ({ damageInspection: 'https://vahinko.example.com/', phoneBooking: '', bookingByPhone: '', frontPage: '', instalmentBilling: '', privacy: '', ...overrides }) as SiteSettings['links'];

  it('leaves out the damage inspection tile when its link is empty', () => {
    render(<LandingPage links={links({ damageInspection: '' })} bookingPhone="010 525 4000" pending={false} InternalLink={PlainLink} />);
    const others = screen.getByRole('list', { name: 'Muut tavat varata' });
    expect(within(others).queryByText('Vahinkotarkastus')).toBeNull();
    expect(within(others).getByRole('link', { name: /010 525 4000/ })).toBeTruthy();
  });

  it('leaves out the phone tile without a number or a contact page, and the whole row without either tile', () => {
    const { rerender } = render(<LandingPage links={links({})} bookingPhone="" pending={false} InternalLink={PlainLink} />);
    const others = screen.getByRole('list', { name: 'Muut tavat varata' });
    expect(within(others).queryByText('Ajanvaraus puhelimitse')).toBeNull();
    expect(within(others).getByRole('link', { name: /Vahinkotarkastus/ })).toBeTruthy();
    rerender(<LandingPage links={links({ damageInspection: '' })} bookingPhone="" pending={false} InternalLink={PlainLink} />);
    expect(screen.queryByRole('list', { name: 'Muut tavat varata' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Varattavat palvelut' })).getAllByRole('link')).toHaveLength(4);
  });

  it('says that booking is not open yet instead of the tiles, with the booking line', () => {
    render(<LandingPage links={links({})} bookingPhone="010 525 4000" bookingOpen={false} pending={false} InternalLink={PlainLink} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ajanvaraus ei ole vielä avoinna' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /010 525 4000/ }).getAttribute('href')).toBe('tel:0105254000');
    expect(screen.queryByRole('list', { name: 'Varattavat palvelut' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Muut tavat varata' })).toBeNull();
  });
});
