import './print.css';
import { useParams } from 'react-router';
import { DELIVERY_SHORT_LABELS, formatPhoneNumber, type StaffBookingSummary, type StaffDay } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useDay } from '@/features/staff/api/get-day.ts';
import { DateBar } from '@/features/staff/components/date-bar.tsx';
import { clockRange, finnishDate, finnishDateLong, validDate, validId } from '@/features/staff/format.ts';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { BadAddress, LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';

/** The day's bookings to print: not cancelled, by time, leads (no time) last. */
export function printRows(day: StaffDay): StaffBookingSummary[] {
  return day.bookings
    .filter((b) => b.status !== 'CANCELLED')
    .sort((a, b) => (a.start ?? '\uffff').localeCompare(b.start ?? '\uffff') || a.id - b.id);
}

/** /hallinta/tulosta/:officeId/:date — the day's bookings as a plain table to print. */
export function PrintPage() {
  const params = useParams();
  const officeId = validId(params.officeId);
  const date = validDate(params.date);
  const day = useDay(officeId, date);

  if (officeId === null || date === null) return <BadAddress title="Tulostettava lista" />;

  return (
    <div className="staff-page staff-print">
      <StaffPageTitle documentTitle="Tulostettava lista">
        Päivän varaukset {finnishDate(date)}
        {day.data && <OfficeName name={day.data.office.name} />}
      </StaffPageTitle>
      <DateBar date={date} step="day" to={(d) => staffPaths.print(officeId, d)} label="Päivän valinta" />
      <div className="staff-print__actions staff-no-print">
        {day.data && <Button onClick={() => window.print()}>Tulosta</Button>}
      </div>
      {day.isPending && (
        <p className="staff-loading" role="status">
          Ladataan päivän varauksia…
        </p>
      )}
      {day.isError && <LoadError error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <PrintTable day={day.data} rows={printRows(day.data)} />}
    </div>
  );
}

export function PrintTable({ day, rows }: { day: StaffDay; rows: StaffBookingSummary[] }) {
  const names = new Map(day.resources.map((r) => [r.id, r.name]));
  if (rows.length === 0) return <p>Ei varauksia tälle päivälle.</p>;
  return (
    <div className="print-table__scroll" role="region" aria-label="Varausluettelo, vieritettävä" tabIndex={0}>
    <table className="print-table">
      <caption className="visually-hidden">
        Varaukset {finnishDateLong(day.date)}, {day.office.name}
      </caption>
      <thead>
        <tr>
          <th scope="col">Aika</th>
          <th scope="col">Resurssi</th>
          <th scope="col">Rekisteri</th>
          <th scope="col">Auto</th>
          <th scope="col">Asiakas</th>
          <th scope="col">Puhelin</th>
          <th scope="col">Palvelut</th>
          <th scope="col">Tuonti</th>
          <th scope="col" className="print-table__notes">
            Muistiinpanot
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => {
          const delivery = [
            b.deliveryOption ? DELIVERY_SHORT_LABELS[b.deliveryOption] : null,
            b.usingKeyLocker ? 'avainautomaatti' : null,
          ].filter(Boolean);
          return (
            <tr key={b.id}>
              <td className="print-table__time">{b.start && b.end ? clockRange(b.start, b.end) : 'Ei aikaa'}</td>
              <td>{b.resourceIds.map((id) => names.get(id) ?? `#${id}`).join(', ') || '–'}</td>
              <td className="print-table__plate">{b.registerNumber}</td>
              <td>{b.car || '–'}</td>
              <td>{b.customerName}</td>
              <td className="print-table__phone">{formatPhoneNumber(b.customerPhone)}</td>
              <td>
                {b.summary}
                {b.symptoms.length > 0 && <span className="print-table__extra">Oireet: {b.symptoms.join(', ')}</span>}
                {b.customerNotes && <span className="print-table__extra">Asiakkaan viesti: {b.customerNotes}</span>}
                {b.inAbsence && <span className="print-table__extra print-table__warning">Poissaolon aikana</span>}
              </td>
              <td>{delivery.length > 0 ? delivery.join(', ') : '–'}</td>
              <td className="print-table__notes" />
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}
