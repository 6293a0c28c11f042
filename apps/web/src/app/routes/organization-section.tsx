import type { ReactNode } from 'react';
import { StepSection } from '@/components/layout/step-page.tsx';
import { useBooking } from '@/features/booking/api/get-booking.ts';
import { useCompatibleOrganizations } from '@/features/organizations/api/get-compatible-organizations.ts';
import { useSetActiveOrganization } from '@/features/organizations/api/set-active-organization.ts';
import { OrganizationPicker } from '@/features/organizations/components/organization-picker.tsx';

export interface OrganizationSectionProps {
  /** The id of the section's heading. */
  id: string;
  /** The booking's office, if one is chosen. */
  organizationId: number | null;
  /** Brand dealers in a group of their own. */
  splitBrandDealers?: boolean;
  /** Shown under the offices (e.g. the chosen office's notice). */
  children?: ReactNode;
}

/** Section 1 of a services step: the offices that serve the car; a pick makes the office active. */
export function OrganizationSection({ id, organizationId, splitBrandDealers, children }: OrganizationSectionProps) {
  const offices = useCompatibleOrganizations();
  const setOffice = useSetActiveOrganization();
  const booking = useBooking();
  return (
    <StepSection id={id} number={1} title="Toimipiste">
      <OrganizationPicker
        offices={offices.data}
        isLoading={offices.isPending}
        selectedId={organizationId}
        splitBrandDealers={splitBrandDealers}
        workMinutes={booking.data?.total_duration_minutes}
        onSelect={(office) => setOffice.mutate(office.id)}
      />
      {children}
    </StepSection>
  );
}
