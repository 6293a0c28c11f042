import './print-table.css';
import { DELIVERY_SHORT_LABELS, formatPhoneNumber, type StaffBookingSummary, type StaffDay } from '@huolto/domain';
import { clockRange, finnishDateLong } from '@/features/staff/format.ts';

/** The day's bookings to print: not cancelled, by time, leads (no time) last. */
export function printRows(day: StaffDay): StaffBookingSummary[] {
  return day.bookings
    .filter((b) => b.status !== 'CANCELLED')
    .sort((a, b) => (a.start ?? '\uffff').localeCompare(b.start ?? '\uffff') || a.id - b.id);
}

/** The day's bookings as a plain table to print, with an empty column for notes by hand. */
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
