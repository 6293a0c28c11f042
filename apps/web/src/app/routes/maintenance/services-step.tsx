import './services-step.css';
import { useId } from 'react';
import type { Booking, ServicesStage } from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { OrganizationInfoText } from '@/features/organizations/components/organization-info-text.tsx';
import { useServices } from '@/features/services/api/get-services.ts';
import { useAdditionalServices } from '@/features/services/api/get-additional-services.ts';
import { useExtraServices } from '@/features/services/api/get-extra-services.ts';
import { useServicesByServiceCode } from '@/features/services/api/get-services-by-service-code.ts';
import { useSetServiceCode } from '@/features/services/api/set-service-code.ts';
import { useRemoveServiceCode } from '@/features/services/api/remove-service-code.ts';
import { useSaveSymptoms } from '@/features/services/api/save-symptoms.ts';
import { toCartItem } from '@/features/services/api/cart-item.ts';
import { useCartChange } from '@/features/services/hooks/use-cart-change.ts';
import { ServiceGroups, type GroupToggle } from '@/features/services/components/service-groups.tsx';
import { ServiceCodeForm, type ServiceCodeResult } from '@/features/services/components/service-code-form.tsx';
import { SymptomForm } from '@/features/services/components/symptom-form.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasVehicle } from '@/app/routes/require-booking.tsx';
import { useCartPanelActions } from '@/app/routes/use-cart-panel-actions.ts';
import { OrganizationSection } from '@/app/routes/organization-section.tsx';

/** '/huolto/palvelut' (SPEC §2 "Services page (maintenance)"). */
export const MaintenanceServicesStepRoute = bookingStep(MaintenanceServicesStep, hasVehicle, 'ajoneuvo');

function MaintenanceServicesStep({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const wizard = useWizardState();
  const contractId = useId();
  const organizationId = booking.organization?.id ?? null;
  const serviceCode = booking.service_code;
  const services = useServices(organizationId);
  const additional = useAdditionalServices(organizationId);
  const campaigns = useExtraServices(organizationId, 'FIXED_CAMPAIGN_SERVICES');
  const byCode = useServicesByServiceCode(organizationId, serviceCode);
  const cart = useCartChange();
  const cartActions = useCartPanelActions(booking);
  const setCode = useSetServiceCode();
  const removeCode = useRemoveServiceCode();
  const saveSymptoms = useSaveSymptoms();

  const symptom = booking.symptoms[0] ?? null;
  const canContinue = organizationId !== null && (booking.order_items.length > 0 || booking.symptoms.length > 0);
  const busy = cart.isPending || cartActions.busy;

  const toggleIn =
    (stage: ServicesStage): GroupToggle =>
    (product, select, group) =>
      cart.change(toCartItem(product, group.calculator_id), select, stage);

  const applyCode = async (value: string): Promise<ServiceCodeResult> => {
    try {
      const result = await setCode.mutateAsync(value);
      if (result.responseCode === 'SUCCESS') return 'SUCCESS';
      return result.responseCode === 'NOT_FOUND' ? 'NOT_FOUND' : 'FAILED';
    } catch {
      return 'FAILED';
    }
  };

  return (
    <StepPage
      documentTitle={`Palvelut – ${process.title}`}
      title="Valitse toimipiste ja palvelut"
      side={
        <CartPanel booking={booking} busy={busy} {...cartActions.panel} />
      }
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: !canContinue,
        continueHint:
          organizationId === null ? 'Valitse toimipiste.' : 'Valitse vähintään yksi palvelu tai kuvaile tarvittava työ.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      <OrganizationSection id="office-heading" organizationId={organizationId}>
        <OrganizationInfoText organizationId={organizationId} />
      </OrganizationSection>

      <StepSection id="services-heading" number={2} title="Palvelut">
        {organizationId === null ? (
          <p className="muted">Valitse ensin toimipiste, niin näet sen palvelut ja hinnat.</p>
        ) : (
          <>
            <div className="checkbox-row card">
              <input
                id={contractId}
                type="checkbox"
                className="checkbox"
                checked={wizard.serviceContract}
                onChange={(e) => wizard.update({ serviceContract: e.target.checked })}
              />
              <label htmlFor={contractId}>Minulla on huolto- ja/tai leasingsopimus</label>
            </div>
            <ServiceGroups
              groups={services.data}
              isLoading={services.isPending}
              onToggle={toggleIn('DEFAULT')}
              disabled={busy}
              lazyContents
            />
            <ServiceGroups
              groups={additional.data}
              isLoading={additional.isPending}
              onToggle={toggleIn('DEFAULT')}
              disabled={busy}
              lazyContents
              empty={null}
              loadingRows={1}
              loadingLabel="Ladataan lisähuoltoja…"
            />
            <ServiceGroups
              groups={campaigns.data}
              isLoading={campaigns.isPending}
              onToggle={toggleIn('FIXED_CAMPAIGN_SERVICES')}
              disabled={busy}
              lazyContents
              empty={null}
              loadingRows={1}
              loadingLabel="Ladataan kampanjoita…"
            />
            <div className="service-code-block">
              <ServiceCodeForm
                code={serviceCode}
                onApply={applyCode}
                onRemove={() => removeCode.mutate()}
                busy={setCode.isPending || removeCode.isPending}
              />
              {serviceCode !== null && (
                <ServiceGroups
                  groups={byCode.data}
                  isLoading={byCode.isPending}
                  onToggle={toggleIn('DEFAULT')}
                  disabled={busy}
                  lazyContents
                  loadingRows={1}
                  loadingLabel="Ladataan koodin palveluita…"
                  empty={<p className="muted">Koodilla ei ole tällä hetkellä palveluita tässä toimipisteessä.</p>}
                />
              )}
            </div>
            <SymptomForm
              symptom={symptom}
              disabled={saveSymptoms.isPending}
              onSave={(description) => saveSymptoms.mutate([{ description }])}
              onDelete={() => saveSymptoms.mutate([])}
            />
          </>
        )}
      </StepSection>
    </StepPage>
  );
}
