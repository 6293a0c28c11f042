import './search.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { STAFF_SEARCH_MIN_LENGTH, staffPaths } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { fieldMessage } from '@/lib/form-errors.ts';
import { useSearchBookings } from '@/features/staff/api/search-bookings.ts';
import { SearchInput } from '@/features/staff/components/search-input.tsx';
import { SearchResults, searchCountText } from '@/features/staff/components/search-results.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';

/**
 * /hallinta/haku?q= — the bookings found by a register number, booking key, phone number or
 * customer's name, for the phone call "when is my booking?". The text lives in the address.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const q = params.get('q');
  const text = (q ?? '').trim();
  // No text yet (the page opened from the menu): nothing to say. A too short one: no call.
  const tooShort = q !== null && text.length < STAFF_SEARCH_MIN_LENGTH;
  const searching = q !== null && !tooShort;
  const search = useSearchBookings(text, searching);

  const [draft, setDraft] = useState(q ?? '');
  // A search from the header while on this page changes the address: the field follows.
  useEffect(() => setDraft(q ?? ''), [q]);

  // The address holds the text: a too short one is said in the status, not refused here.
  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate(staffPaths.search(draft.trim()));
  }

  const qError = searching && search.isError ? fieldMessage(search.error, 'q') : undefined;
  const status = tooShort
    ? `Anna vähintään ${STAFF_SEARCH_MIN_LENGTH} merkkiä.`
    : searching && search.isPending
      ? 'Haetaan…'
      : searching && search.data
        ? searchCountText(search.data)
        : '';

  return (
    <div className="staff-page staff-search">
      <StaffPageTitle documentTitle="Varausten haku">Varausten haku</StaffPageTitle>
      <form className="staff-search__form" noValidate onSubmit={submit}>
        <Field id={inputId} label="Hae varausta" hint="Rekisterinumero, varaustunnus, puhelinnumero, asiakkaan nimi tai sähköposti">
          <SearchInput
            id={inputId}
            value={draft}
            aria-invalid={qError ? true : undefined}
            aria-describedby={[describedBy(inputId, { hint: true }), qError ? errorId : null].filter(Boolean).join(' ')}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Field>
        <Button type="submit">Hae</Button>
      </form>
      {/* One live region for what the search came to: read out without moving the focus. */}
      <p className="staff-search__status" role="status">
        {status}
      </p>
      {searching &&
        search.isError &&
        (qError ? (
          <p className="notice notice--error" role="alert" id={errorId}>
            {qError}
          </p>
        ) : (
          <LoadError error={search.error} onRetry={() => void search.refetch()} />
        ))}
      {searching && search.data && search.data.results.length > 0 && <SearchResults results={search.data.results} />}
    </div>
  );
}
