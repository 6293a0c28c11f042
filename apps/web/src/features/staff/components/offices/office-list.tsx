import './offices.css';
import { Link } from 'react-router';
import { staffPaths } from '@huolto/domain';
import type { OfficeAdminRow } from '@/features/staff/api/get-office-admin.ts';

/** Every office by name: its code, town, whether it is in use and its active resources, the name a link to its page. */
export function OfficeList({ offices }: { offices: OfficeAdminRow[] }) {
  if (offices.length === 0) return <p>Toimipisteitä ei ole vielä. Lisää ensimmäinen toimipiste.</p>;
  return (
    <div className="office-table-wrap">
      <table className="office-table">
        <thead>
          <tr>
            <th scope="col">Toimipiste</th>
            <th scope="col">Tunnus</th>
            <th scope="col">Paikkakunta</th>
            <th scope="col">Tila</th>
            <th scope="col">Resursseja</th>
          </tr>
        </thead>
        <tbody>
          {offices.map((o) => (
            <tr key={o.id} className={o.active ? undefined : 'office-table__row--inactive'}>
              <th scope="row">
                <Link to={staffPaths.office(o.id)}>{o.name}</Link>
              </th>
              <td data-label="Tunnus">{o.code}</td>
              <td data-label="Paikkakunta">{o.postOffice}</td>
              <td data-label="Tila">{o.active ? 'Käytössä' : 'Poistettu käytöstä'}</td>
              <td data-label="Resursseja">{o.resources}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
