import { useActiveOrganizationInfoText } from '@/features/organizations/api/get-active-organization-info-text.ts';

/** The office's notice to customers (works, a changed entrance…), when it has one. */
export function OrganizationInfoText({ organizationId }: { organizationId: number | null }) {
  const info = useActiveOrganizationInfoText(organizationId);
  const text = info.data?.text;
  if (!text) return null;
  return (
    <div className="notice" role="note">
      <p>
        <strong>Toimipisteen tiedote: </strong>
        {text}
      </p>
    </div>
  );
}
