import './services-step.css';
import { useId } from 'react';
import type { Booking, ServiceGroup, ServicesStage } from '@huolto/domain';
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
import { CollapsibleServiceGroups, FoldedCard } from '@/features/services/components/collapsible-service-groups.tsx';
import { ProductCard } from '@/features/services/components/product-card.tsx';
import { ServiceCodeForm, type ServiceCodeResult } from '@/features/services/components/service-code-form.tsx';
import { SymptomForm } from '@/features/services/components/symptom-form.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasVehicle } from '@/app/routes/require-booking.tsx';
import { useCartPanelActions } from '@/app/routes/use-cart-panel-actions.ts';
import { OrganizationSection } from '@/app/routes/organization-section.tsx';

/** The calculator of the maintenance packages priced by make and mileage (docs/glossary.md "calculator id"). */
const MILEAGE_CALCULATOR = 'MAINTENANCE_BY_MILEAGE';

/** '60000' → '60 000' with a no-break space, so that a mileage never breaks across lines. */
function formatKm(km: number): string {
  return String(km).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

/**
 * The package that fits the car and its mileage (the first of the mileage-priced group),
 * and the other groups with that package left out.
 */
function leadPackage(primary: readonly ServiceGroup[]) {
  const group = primary.find((g) => g.calculator_id === MILEAGE_CALCULATOR && g.suggestions.length > 0);
  const lead = group?.suggestions[0];
  if (!group || !lead) return { lead: null, group: null, rest: [...primary] };
  const rest = primary.map((g) => (g === group ? { ...g, suggestions: g.suggestions.slice(1) } : g));
  return { lead, group, rest };
}

/**
 * '/huolto/palvelut' (requirements §2 "Services page (maintenance)"): after the office, the service
 * contract box, the package that fits the car and its mileage first, then the primary,
 * additional and campaign service groups folded with their counts, opened on demand;
 * the service code and the symptom form below.
 */
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

  const groupsLoading = services.isPending || additional.isPending || campaigns.isPending;
  const { lead, group: leadGroup, rest } = leadPackage(services.data ?? []);
  const campaignIds = new Set((campaigns.data ?? []).map((g) => g.id));
  const otherGroups = [...rest, ...(additional.data ?? []), ...(campaigns.data ?? [])];
  const toggleOther: GroupToggle = (product, select, group) =>
    toggleIn(campaignIds.has(group.id) ? 'FIXED_CAMPAIGN_SERVICES' : 'DEFAULT')(product, select, group);
  const km = booking.kilometers;
  const cartEmpty = booking.order_items.length === 0 && booking.extra_order_items.length === 0 && booking.symptoms.length === 0;

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
      className={cartEmpty ? 'services-page services-page--empty-cart' : 'services-page'}
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
            {groupsLoading ? (
              <ServiceGroups groups={undefined} isLoading onToggle={toggleOther} />
            ) : (
              <>
                {lead && leadGroup && (
                  <section className="lead-package" aria-labelledby="lead-package-heading">
                    <h3 id="lead-package-heading" className="lead-package__title">
                      Autollesi sopiva huolto
                    </h3>
                    {km !== null && (
                      <p className="lead-package__why muted">Mittarilukeman {formatKm(km)} km mukaan.</p>
                    )}
                    <ProductCard
                      product={lead}
                      disabled={busy}
                      lazyContents
                      onToggle={(p, select) => toggleIn('DEFAULT')(p, select, leadGroup)}
                    />
                  </section>
                )}
                <section className="other-services" aria-labelledby="other-services-heading">
                  <h3 id="other-services-heading" className="other-services__title">
                    {lead ? 'Muut palvelut' : 'Palvelut'}
                  </h3>
                  <CollapsibleServiceGroups
                    groups={otherGroups}
                    isLoading={false}
                    initiallyOpen={lead ? 'none' : 'first'}
                    onToggle={toggleOther}
                    disabled={busy}
                    lazyContents
                    empty={
                      lead ? null : (
                        <ServiceGroups groups={[]} isLoading={false} onToggle={toggleOther} />
                      )
                    }
                  />
                </section>
              </>
            )}
            <FoldedCard
              title="Palvelukoodi"
              hint={serviceCode ?? 'Kirjeessä tai kampanjassa saamasi koodi'}
              initiallyOpen={serviceCode !== null}
            >
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
            </FoldedCard>
            <FoldedCard
              title="Muu korjaus tai huolto"
              hint={symptom ? 'Kuvaus tallennettu' : 'Myös takaisinkutsut: kuvaile työ'}
              initiallyOpen={symptom !== null}
            >
              <SymptomForm
                symptom={symptom}
                disabled={saveSymptoms.isPending}
                onSave={(description) => saveSymptoms.mutate([{ description }])}
                onDelete={() => saveSymptoms.mutate([])}
              />
            </FoldedCard>
          </>
        )}
      </StepSection>
    </StepPage>
  );
}
