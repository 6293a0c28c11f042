import './search-results.css';
import { Link } from 'react-router';
import { formatPhoneNumber, staffPaths, type StaffSearch, type StaffSearchResult } from '@huolto/domain';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { clock, clockRange, datePart, finnishDate } from '@/features/staff/format.ts';

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

/** The bookings found, each linked to the booking, with its time, plate, customer, office and state. */
export function SearchResults({ results }: { results: StaffSearchResult[] }) {
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
