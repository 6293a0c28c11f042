import './search.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { STAFF_SEARCH_MAX_LENGTH, STAFF_SEARCH_MIN_LENGTH, formatPhoneNumber, type StaffSearch, type StaffSearchResult } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { staffKeys } from '@/features/staff/api/keys.ts';
import { searchBookings } from '@/features/staff/api/search-bookings.ts';
import { fieldMessage } from '@/lib/form-errors.ts';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { clock, clockRange, datePart, finnishDate } from '@/features/staff/format.ts';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';

/** 'ke 2.12.2026 8.00–9.00'; a booking without a time: 'Toivepäivä ke 2.12.2026'. */
export function searchResultTime(b: Pick<StaffSearchResult, 'start' | 'end' | 'leadDate'>): string {
  if (b.start) return `${finnishDate(datePart(b.start))} ${b.end ? clockRange(b.start, b.end) : clock(b.start)}`;
  if (b.leadDate) return `Toivepäivä ${finnishDate(b.leadDate)}`;
  return 'Ei aikaa';
}

/** 'Löytyi 3 varausta.'; when the server left some out, says so and asks for a narrower text. */
export function searchCountText(search: StaffSearch): string {
  const n = search.results.length;
  if (n === 0) return 'Hakuehdolla ei löytynyt varauksia.';
  if (search.more) return `Löytyi yli ${n} varausta. Näytetään ${n} ensimmäistä – tarkenna hakua.`;
  return n === 1 ? 'Löytyi 1 varaus.' : `Löytyi ${n} varausta.`;
}

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
  const search = useQuery({
    queryKey: staffKeys.search(text),
    queryFn: () => searchBookings(text),
    enabled: searching,
  });

  const [draft, setDraft] = useState(q ?? '');
  // A search from the header while on this page changes the address: the field follows.
  useEffect(() => setDraft(q ?? ''), [q]);

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
          <input
            id={inputId}
            className="input"
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={STAFF_SEARCH_MAX_LENGTH}
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
      {searching && search.isError &&
        (qError ? (
          <p className="staff-error" role="alert" id={errorId}>
            {qError}
          </p>
        ) : (
          <LoadError error={search.error} onRetry={() => void search.refetch()} />
        ))}
      {searching && search.data && search.data.results.length > 0 && <SearchResults results={search.data.results} />}
    </div>
  );
}

function SearchResults({ results }: { results: StaffSearchResult[] }) {
  return (
    <ol className="staff-search__results" aria-label="Hakutulokset">
      {results.map((b) => (
        <li key={b.id} className={b.status === 'CANCELLED' ? 'search-result search-result--cancelled' : 'search-result'}>
          <Link className="search-result__link" to={staffPaths.booking(b.id)}>
            <span className="search-result__time">{searchResultTime(b)}</span>{' '}
            <span className="search-result__plate">{b.registerNumber}</span>{' '}
            <span className="search-result__name">{b.customerName}</span>
          </Link>
          <p className="search-result__details">
            <span className="search-result__office">{b.office.name}</span>
            {b.summary && (
              <>
                {' · '}
                <span>{b.summary}</span>
              </>
            )}
            {b.customerPhone && (
              <>
                {' · '}
                <span className="search-result__phone">{formatPhoneNumber(b.customerPhone)}</span>
              </>
            )}
          </p>
          {(b.status === 'CANCELLED' || b.visitStatus !== null || b.inAbsence) && (
            <p className="search-result__state">
              <BookingStateBadge booking={b} /> <AbsenceWarning booking={b} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
