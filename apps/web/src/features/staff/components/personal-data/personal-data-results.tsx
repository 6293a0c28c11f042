import { useId } from 'react';
import { Link } from 'react-router';
import { formatLocalDateTime, staffPaths, type PersonalDataFound } from '@huolto/domain';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { clock, datePart, finnishDate } from '@/features/staff/format.ts';

type FoundBooking = PersonalDataFound['bookings'][number];

/** 'ke 2.12.2026 8.00' in Helsinki time; 'Ei aikaa' for a lead without one. */
function visitTime(start: string | null): string {
  if (!start) return 'Ei aikaa';
  const local = formatLocalDateTime(new Date(start));
  return `${finnishDate(datePart(local))} ${clock(local)}`;
}

function BookingState({ booking: b }: { booking: FoundBooking }) {
  return (
    <>
      {b.upcoming ? (
        <span className="staff-badge personal-data__upcoming">Tuleva</span>
      ) : b.status === 'CANCELLED' ? (
        <span className="staff-badge staff-badge--cancelled">Peruttu</span>
      ) : (
        'Mennyt'
      )}
      {b.removed && <span className="personal-data__removed">Henkilötiedot poistettu</span>}
    </>
  );
}

/**
 * What is held about the person: the bookings (each linked to its page; the upcoming ones
 * marked, to be cancelled there), the loyalty accounts, and the messages and feedback counted.
 */
export function PersonalDataResults({ found }: { found: PersonalDataFound }) {
  const uid = useId();
  return (
    <>
      <section className="card personal-data__section" aria-labelledby={`${uid}-bookings`}>
        <h2 id={`${uid}-bookings`} className="card__title">
          Varaukset ({found.bookings.length})
        </h2>
        {found.bookings.length === 0 ? (
          <p className="muted">Ei varauksia.</p>
        ) : (
          <StaffTable columns={['Aika', 'Toimipiste', 'Rekisterinumero', 'Nimi', 'Tila']} stacked>
            {found.bookings.map((b) => (
              <tr key={b.id} className={b.upcoming ? 'personal-data__row--upcoming' : undefined}>
                <th scope="row">
                  <Link to={staffPaths.booking(b.id)}>
                    {visitTime(b.start)}
                    <span className="visually-hidden">, varaus {b.bookingKey}</span>
                  </Link>
                </th>
                <td data-label="Toimipiste">{b.officeName}</td>
                <td data-label="Rekisterinumero">{b.registerNumber || '–'}</td>
                <td data-label="Nimi">{b.customerName || '–'}</td>
                <td data-label="Tila">
                  <BookingState booking={b} />
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </section>
      <section className="card personal-data__section" aria-labelledby={`${uid}-loyalty`}>
        <h2 id={`${uid}-loyalty`} className="card__title">
          Kanta-asiakastilit ({found.loyaltyAccounts.length})
        </h2>
        {found.loyaltyAccounts.length === 0 ? (
          <p className="muted">Ei kanta-asiakastiliä.</p>
        ) : (
          <StaffTable columns={['Nimi', 'Sähköposti', 'Ajoneuvot', 'Edut']} stacked>
            {found.loyaltyAccounts.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.name || '–'}</th>
                <td data-label="Sähköposti" className="personal-data__email">
                  {a.email}
                </td>
                <td data-label="Ajoneuvot">{a.vehicles}</td>
                <td data-label="Edut">{a.vouchers}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </section>
      <section className="card personal-data__section" aria-labelledby={`${uid}-other`}>
        <h2 id={`${uid}-other`} className="card__title">
          Viestit ja palautteet
        </h2>
        <dl className="personal-data__counts">
          <div>
            <dt>Lähetetyt ja lähtevät viestit</dt>
            <dd>{found.messages}</dd>
          </div>
          <div>
            <dt>Palautteet</dt>
            <dd>{found.feedback}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
