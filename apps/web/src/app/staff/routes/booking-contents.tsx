import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';

/** /hallinta/varaus/:bookingId/sisalto — what a booking holds: its services, kilometres, symptoms and customer. */
export function BookingContentsPage() {
  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Varauksen sisältö">Varauksen sisältö</StaffPageTitle>
    </div>
  );
}
