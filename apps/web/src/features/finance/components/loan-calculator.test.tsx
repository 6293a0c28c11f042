import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LoanCalculator } from './loan-calculator.tsx';

afterEach(cleanup);

const payment = () => screen.getByText(/Kuukausierä/).textContent?.replace(/\s/g, ' ');

describe('<LoanCalculator>', () => {
  it('shows the monthly payment for the chosen years, never under 50 euros, and the terms', () => {
    render(<LoanCalculator priceCents={300_000} instalmentLink="https://laakkonen.example/osamaksu" />);
    const slider = screen.getByLabelText(/Laina-aika \(vuotta\)/);
    expect((slider as HTMLInputElement).min).toBe('1');
    expect((slider as HTMLInputElement).max).toBe('6');
    // 3 years by default: 3 000 € × 3.3 % = 99 €.
    expect(payment()).toBe('Kuukausierä 99 €');
    fireEvent.change(slider, { target: { value: '1' } });
    expect(payment()).toBe('Kuukausierä 270 €');
    fireEvent.change(slider, { target: { value: '6' } });
    expect(payment()).toBe('Kuukausierä 51 €');
    expect(screen.getByText(/Rahoitus 2 000 €–7 500 €\. 3 ensimmäistä kuukautta korotonta, laskutuslisä 5 €\/kk, ei avausmaksua\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: /osamaksu/i }).getAttribute('href')).toBe('https://laakkonen.example/osamaksu');
  });

  it('keeps to the 50-euro floor on a small loan', () => {
    render(<LoanCalculator priceCents={200_000} />);
    fireEvent.change(screen.getByLabelText(/Laina-aika/), { target: { value: '6' } });
    expect(payment()).toBe('Kuukausierä 50 €');
  });
});
