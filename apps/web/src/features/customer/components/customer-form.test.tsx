import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_DRAFT_KEY, clearCustomerDraft, loadCustomerDraft } from '@/features/customer/customer-draft.ts';
import { CustomerForm, EMPTY_CUSTOMER, fillEmptyFields, formProblems, problemsText, type FormProblems } from './customer-form.tsx';

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

describe('<CustomerForm> prefill (requirements §6: empty fields only)', () => {
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

describe('<CustomerForm> draft (a reload keeps what was typed)', () => {
  const TOKEN = 'a'.repeat(43);

  function renderDraftForm(token: string | null = TOKEN, prefill: typeof PREFILL | null = null) {
    const onNotesChange = vi.fn();
    const view = render(
      <CustomerForm
        id="f"
        defaultValues={EMPTY_CUSTOMER}
        notes=""
        onNotesChange={onNotesChange}
        onValidityChange={() => undefined}
        onValidSubmit={() => undefined}
        onInvalidSubmit={() => undefined}
        prefill={prefill}
        draftToken={token}
      />,
    );
    return { onNotesChange, unmount: view.unmount };
  }

  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => window.sessionStorage.clear());

  it('gives the typed values back after unmount and remount, in sessionStorage only', () => {
    const first = renderDraftForm();
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Maija' } });
    fireEvent.change(screen.getByLabelText(/Sähköposti/), { target: { value: 'maija@example.com' } });
    fireEvent.change(screen.getByLabelText(/Lisätietoja/), { target: { value: 'Talvirenkaat autossa' } });
    first.unmount();
    expect(window.localStorage.getItem(CUSTOMER_DRAFT_KEY)).toBeNull();

    const second = renderDraftForm();
    expect(value(/Etunimi/)).toBe('Maija');
    expect(value(/Sähköposti/)).toBe('maija@example.com');
    expect(value(/Sukunimi/)).toBe('');
    expect(second.onNotesChange).not.toHaveBeenCalled();
    // The notes belong to the step, which takes them from the draft.
    expect(loadCustomerDraft(TOKEN)?.notes).toBe('Talvirenkaat autossa');
  });

  it('is cleared when the booking is saved, and another process never gets it', () => {
    const first = renderDraftForm();
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Maija' } });
    first.unmount();

    // Another booking process (the session was reset): nothing comes back, and the old draft goes.
    const other = renderDraftForm('b'.repeat(43));
    expect(value(/Etunimi/)).toBe('');
    expect(window.sessionStorage.getItem(CUSTOMER_DRAFT_KEY)).toBeNull();
    other.unmount();

    const again = renderDraftForm();
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Maija' } });
    again.unmount();
    clearCustomerDraft(); // what the step does once the booking is saved
    renderDraftForm();
    expect(value(/Etunimi/)).toBe('');
  });

  it('keeps only what was typed: values filled in from the loyalty account are not stored', async () => {
    const first = renderDraftForm(TOKEN, PREFILL);
    await waitFor(() => expect(value(/Sukunimi/)).toBe('Asiakas'));
    fireEvent.change(screen.getByLabelText(/Puhelinnumero/), { target: { value: '050 111 2222' } });
    first.unmount();
    const stored = JSON.parse(window.sessionStorage.getItem(CUSTOMER_DRAFT_KEY) ?? 'null') as { fields: object } | null;
    expect(stored?.fields).toEqual({ phone_number: '050 111 2222' });
  });

  it('keeps nothing without a process token', () => {
    renderDraftForm(null);
    fireEvent.change(screen.getByLabelText(/Etunimi/), { target: { value: 'Maija' } });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('links the privacy notice, in a new tab so that the booking stays open', () => {
    render(
      <CustomerForm
        id="f"
        defaultValues={EMPTY_CUSTOMER}
        notes=""
        onNotesChange={() => undefined}
        onValidityChange={() => undefined}
        onValidSubmit={() => undefined}
        onInvalidSubmit={() => undefined}
      />,
    );
    // One sentence that names the notice once, as its link.
    const notice = document.querySelector('.customer-form__privacy');
    expect(notice?.textContent).toBe('Käsittelemme tietojasi tietosuojaselosteemme (avautuu uuteen välilehteen) mukaisesti.');
    expect(notice?.textContent?.match(/tietosuojaselost/g)).toHaveLength(1);
    const link = screen.getByRole('link', { name: /^tietosuojaselosteemme/ });
    expect(link.getAttribute('href')).toBe('/tietosuojaseloste');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('what keeps the form from being confirmed, said by name', () => {
  it('lists the empty required fields and the refused ones, in the form\'s order', () => {
    expect(problemsText(formProblems(EMPTY_CUSTOMER))).toBe('Täytä vielä etunimi, sukunimi, puhelinnumero ja sähköposti.');
    expect(problemsText(formProblems({ ...EMPTY_CUSTOMER, first_name: 'Maija', last_name: 'Mallikas', phone_number: '040 765 4321', email: 'maija' }))).toBe(
      'Tarkista sähköposti.',
    );
    expect(problemsText(formProblems({ ...EMPTY_CUSTOMER, first_name: 'Maija', email: 'maija' }))).toBe(
      'Täytä vielä sukunimi ja puhelinnumero. Tarkista sähköposti.',
    );
    expect(problemsText(formProblems(PREFILL))).toBeNull();
  });

  it('tells the step as the customer types', async () => {
    const seen: FormProblems[] = [];
    render(
      <CustomerForm
        id="f"
        defaultValues={EMPTY_CUSTOMER}
        notes=""
        onNotesChange={() => undefined}
        onValidityChange={() => undefined}
        onProblemsChange={(p) => seen.push(p)}
        onValidSubmit={() => undefined}
        onInvalidSubmit={() => undefined}
      />,
    );
    await waitFor(() => expect(seen.at(-1)?.empty).toEqual(['Etunimi', 'Sukunimi', 'Puhelinnumero', 'Sähköposti']));
    fireEvent.change(screen.getByLabelText(/^Etunimi/), { target: { value: 'Maija' } });
    await waitFor(() => expect(seen.at(-1)?.empty).toEqual(['Sukunimi', 'Puhelinnumero', 'Sähköposti']));
  });
});
