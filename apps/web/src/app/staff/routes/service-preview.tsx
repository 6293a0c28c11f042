import { Link } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { CataloguePreviewForm } from '@/features/staff/components/catalogue/catalogue-preview.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';

/** /hallinta/palvelut/esikatselu — the services step as a customer with a plate would see it at an office today. */
export function ServicePreviewPage() {
  const { me } = useStaff();
  return (
    <div className="staff-page">
      <p>
        <Link to={staffPaths.services}>← Palvelut</Link>
      </p>
      <StaffPageTitle documentTitle="Palveluiden esikatselu">Palveluiden esikatselu</StaffPageTitle>
      <div className="form-stack">
        <CataloguePreviewForm offices={me?.offices ?? []} />
      </div>
    </div>
  );
}
