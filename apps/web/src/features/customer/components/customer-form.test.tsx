import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CustomerForm, EMPTY_CUSTOMER, fillEmptyFields } from './customer-form.tsx';

afterEach(cleanup);

const PREFILL = {
  first_name: 'Testi',
  last_name: 'Asiakas',
  phone_number: '040 123 4567',
  email: 'testi@example.com',
  address: 'Ruosilantie 1',
  post_code: '00390',
  post_office: 'Helsinki',
};

function renderForm(defaultValues = EMPTY_CUSTOMER, prefill: typeof PREFILL | null = null) {
  const onValidityChange = vi.fn();
  const props = {
    id: 'f',
    defaultValues,
    notes: '',
    onNotesChange: () => undefined,
    onValidityChange,
    onValidSubmit: () => undefined,
    onInvalidSubmit: () => undefined,
  };
  const view = render(<CustomerForm {...props} prefill={prefill} />);
  return { onValidityChange, rerender: (p: typeof PREFILL | null) => view.rerender(<CustomerForm {...props} prefill={p} />) };
}

const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('<CustomerForm> prefill (SPEC §6: empty fields only)', () => {
  it('fills the empty fields and leaves the filled ones', async () => {
    const { onValidityChange } = renderForm({ ...EMPTY_CUSTOMER, first_name: 'Maija', email: 'maija@example.com' }, PREFILL);
    await waitFor(() => expect(value(/Sukunimi/)).toBe('Asiakas'));
    expect(value(/Etunimi/)).toBe('Maija');
    expect(value(/Sähköposti/)).toBe('maija@example.com');
    expect(value(/Puhelinnumero/)).toBe('040 123 4567');
    expect(value(/Katuosoite/)).toBe('Ruosilantie 1');
    expect(value(/Postinumero/)).toBe('00390');
    expect(value(/Postitoimipaikka/)).toBe('Helsinki');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it('does not overwrite what the customer typed before the account arrived', async () => {
    const { rerender } = renderForm();
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Teppo' } });
    rerender(PREFILL);
    await waitFor(() => expect(value(/Sukunimi/)).toBe('Asiakas'));
    expect(value(/Etunimi/)).toBe('Teppo');
  });

  it('fillEmptyFields treats blanks as empty and skips empty prefill values', () => {
    expect(fillEmptyFields({ first_name: '  ', last_name: 'X', address: '' }, { first_name: 'A', last_name: 'B', address: '' })).toEqual({
      first_name: 'A',
    });
  });
});
