import { useQueryClient } from '@tanstack/react-query';
import { settingsQueryOptions } from '@/features/session/api/get-settings.ts';
import { useCompany } from '@/features/staff/api/get-company.ts';
import { CompanyForm } from '@/features/staff/components/company/company-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/** /hallinta/yritys — the company's details, for an admin. */
export function CompanyPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const company = useCompany(admin);
  const [announcement, setAnnouncement] = useAnnouncement();
  const queryClient = useQueryClient();
  // The header names the company from the site's settings: read them again after a save.
  const refreshSiteSettings = () => void queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey });

  return (
    <div className="staff-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Yrityksen tiedot">Yrityksen tiedot</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi muuttaa yrityksen tietoja.</p>
      ) : company.isPending ? (
        <p className="staff-loading">Haetaan yrityksen tietoja…</p>
      ) : company.isError ? (
        <LoadError error={company.error} message={messageOf(company.error)} onRetry={() => void company.refetch()} />
      ) : (
        <CompanyForm company={company.data} announce={setAnnouncement} onSaved={refreshSiteSettings} />
      )}
    </div>
  );
}
