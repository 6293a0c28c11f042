import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { staffPaths, type StaffMe } from '@huolto/domain';
import { useOffices } from '@/features/staff/api/get-offices.ts';
import type { AddressOffice } from '@/features/staff/hooks/use-address-office.ts';
import { useOffice, useStaff } from '@/features/staff/hooks/use-staff.tsx';

/**
 * The header's office: the one in the address, else the remembered one. Choosing another
 * keeps the view and date of the address (else goes to the office's day); the office of the
 * address is remembered. Nothing shows while the user runs no office.
 */
export function OfficePicker({ address, date }: { address: AddressOffice; date: string }) {
  const { me } = useStaff();
  const { officeId, setOfficeId } = useOffice();
  const navigate = useNavigate();
  const pickerId = useId();
  const offices = useOffices();
  const choices: StaffMe['offices'] = offices.data?.map((o) => ({ id: o.id, name: o.name })) ?? me?.offices ?? [];

  // The office in the address is the one being looked at: remember it.
  useEffect(() => {
    if (address.officeId !== null && me?.offices.some((o) => o.id === address.officeId)) setOfficeId(address.officeId);
  }, [address.officeId, me, setOfficeId]);

  const current = address.officeId ?? officeId;
  // An address of an office the user does not run (answered 403) selects nothing.
  const selected = choices.some((o) => o.id === current) ? current : null;

  function chooseOffice(value: string) {
    const next = Number(value);
    if (!Number.isInteger(next) || next <= 0) return;
    setOfficeId(next);
    const view = address.view;
    void navigate(view ? view.to(next, date) : staffPaths.day(next, date));
  }

  if (choices.length === 0) return null;
  return (
    <div className="staff-header__office">
      <label htmlFor={pickerId}>Toimipiste</label>
      <select id={pickerId} className="input staff-header__select" value={selected ?? ''} onChange={(e) => chooseOffice(e.target.value)}>
        {selected === null && <option value="">Valitse toimipiste</option>}
        {choices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
