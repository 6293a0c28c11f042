import './offices.css';
import { Link } from 'react-router';
import { staffPaths } from '@huolto/domain';
import type { OfficeAdminRow } from '@/features/staff/api/get-office-admin.ts';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

/** Every office by name: its code, town, whether it is in use and its active resources, the name a link to its page. */
export function OfficeList({ offices }: { offices: OfficeAdminRow[] }) {
  if (offices.length === 0) return <p>Toimipisteitä ei ole vielä. Lisää ensimmäinen toimipiste.</p>;
  return (
    <StaffTable columns={['Toimipiste', 'Tunnus', 'Paikkakunta', 'Tila', 'Resursseja']} stacked>
      {offices.map((o) => (
        <tr key={o.id} className={o.active ? undefined : 'staff-table__row--inactive'}>
          <th scope="row">
            <Link to={staffPaths.office(o.id)}>{o.name}</Link>
          </th>
          <td data-label="Tunnus">{o.code}</td>
          <td data-label="Paikkakunta">{o.postOffice}</td>
          <td data-label="Tila">{o.active ? 'Käytössä' : 'Poistettu käytöstä'}</td>
          <td data-label="Resursseja">{o.resources}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
