import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField } from '@/components/ui/field.tsx';
import { useTires } from '@/features/staff/api/get-tires.ts';
import { TireList } from '@/features/staff/components/catalogue/tire-list.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/renkaat — the tires by product code or size and supplier: an admin saves a tire's
 * stock and picture, an office user reads. The price lists come through the data import.
 */
export function TiresPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const uid = useId();
  const [typed, setTyped] = useState({ q: '', supplier: '' });
  const [search, setSearch] = useState({ q: '', supplier: '' });
  const tires = useTires(search.q, search.supplier);
  const [announcement, setAnnouncement] = useAnnouncement();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ q: typed.q.trim(), supplier: typed.supplier.trim() });
  };

  return (
    <div className="staff-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Renkaat">Renkaat</StaffPageTitle>
      <div className="form-stack">
        <p>
          Renkaiden hinnastot tuodaan tiedostona: <Link to={staffPaths.data}>Tuonti ja vienti</Link>.
        </p>
        <form className="card catalogue__search" role="search" aria-label="Renkaiden haku" onSubmit={submit}>
          <InputField
            id={`${uid}-q`}
            label="Tuotekoodi tai koko"
            placeholder="205/55R16"
            maxLength={60}
            value={typed.q}
            onChange={(e) => setTyped({ ...typed, q: e.target.value })}
          />
          <InputField
            id={`${uid}-supplier`}
            label="Toimittaja"
            maxLength={100}
            value={typed.supplier}
            onChange={(e) => setTyped({ ...typed, supplier: e.target.value })}
          />
          <div className="actions">
            <Button type="submit">Hae</Button>
          </div>
        </form>
        {tires.isPending ? (
          <p className="staff-loading">Haetaan renkaita…</p>
        ) : tires.isError ? (
          <LoadError error={tires.error} message={messageOf(tires.error)} onRetry={() => void tires.refetch()} />
        ) : (
          <section className="card" aria-label="Hakutulokset">
            <p className="muted">{tires.data.length === 100 ? 'Näytetään 100 ensimmäistä. Tarkenna hakua.' : `${tires.data.length} rengasta`}</p>
            <TireList tires={tires.data} admin={admin} announce={setAnnouncement} />
          </section>
        )}
      </div>
    </div>
  );
}
