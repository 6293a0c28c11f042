import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VehicleForm } from './vehicle-form.tsx';

afterEach(cleanup);

function renderForm(fill: { registerNumber: string } | null) {
  const client = new QueryClient();
  const ui = (f: { registerNumber: string } | null) => (
    <QueryClientProvider client={client}>
      <VehicleForm requireKilometers onVehicleSet={() => undefined} fill={f} />
    </QueryClientProvider>
  );
  const view = render(ui(fill));
  return { rerender: (f: { registerNumber: string } | null) => view.rerender(ui(f)) };
}

const plate = () => screen.getByLabelText(/Rekisterinumero/) as HTMLInputElement;

describe('<VehicleForm fill>', () => {
  it('fills the registration number picked elsewhere and moves on to the mileage', async () => {
    const { rerender } = renderForm(null);
    expect(plate().value).toBe('');
    rerender({ registerNumber: 'abc-123' });
    expect(plate().value).toBe('ABC-123');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Mittarilukema/)));
    // The same car picked again after editing fills it again.
    rerender({ registerNumber: 'BMW-123' });
    expect(plate().value).toBe('BMW-123');
  });
});
