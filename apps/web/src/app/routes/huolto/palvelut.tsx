import { useId } from 'react';
import type { Booking, ProductSuggestion, ServiceGroup } from '@huolto/domain';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StepNav } from '../../../components/ui/step-nav.tsx';
import { pushEvent } from '../../../lib/analytics.ts';
import { useWizardState } from '../../../stores/wizard-state.tsx';
import { BookingSummary, CartTotal } from '../../../features/booking/components/booking-summary.tsx';
import { bookingToSummary } from '../../../features/booking/summary.ts';
import { useCompatibleOrganizations } from '../../../features/organizations/api/get-compatible-organizations.ts';
import { useSetActiveOrganization } from '../../../features/organizations/api/set-active-organization.ts';
import { OfficePicker } from '../../../features/organizations/components/office-picker.tsx';
import { useServices } from '../../../features/services/api/get-services.ts';
import { useAddProductsToCart } from '../../../features/services/api/add-products-to-cart.ts';
import { useRemoveProductsFromCart } from '../../../features/services/api/remove-products-from-cart.ts';
import { useSaveSymptoms } from '../../../features/services/api/save-symptoms.ts';
import { toCartItem } from '../../../features/services/api/cart-item.ts';
import { ServiceGroups } from '../../../features/services/components/service-groups.tsx';
import { SymptomForm } from '../../../features/services/components/symptom-form.tsx';
import { useProcess } from '../../process-context.tsx';
import { RequireBooking, hasVehicle } from '../require-booking.tsx';

/** '/huolto/palvelut' (SPEC §2 "Services page (maintenance)"). */
export function PalvelutRoute() {
  return (
    <RequireBooking check={hasVehicle} otherwise="ajoneuvo">
      {(booking) => <Palvelut booking={booking} />}
    </RequireBooking>
  );
}

function Palvelut({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const wizard = useWizardState();
  const contractId = useId();
  const offices = useCompatibleOrganizations();
  const organizationId = booking.organization?.id ?? null;
  const services = useServices(organizationId);
  const setOffice = useSetActiveOrganization();
  const addToCart = useAddProductsToCart();
  const removeFromCart = useRemoveProductsFromCart();
  const saveSymptoms = useSaveSymptoms();

  const symptom = booking.symptoms[0] ?? null;
  const canContinue = organizationId !== null && (booking.order_items.length > 0 || booking.symptoms.length > 0);

  const toggle = (product: ProductSuggestion, select: boolean, group: ServiceGroup) => {
    const change = { items: [toCartItem(product, group.calculator_id)], stage: 'DEFAULT' as const };
    return (select ? addToCart : removeFromCart).mutateAsync(change).then(() =>
      pushEvent({ event: select ? 'add_to_cart' : 'remove_from_cart', productId: product.product.id }),
    );
  };

  return (
    <div className="page">
      <PageTitle documentTitle={`Palvelut – ${process.title}`}>Valitse toimipiste ja palvelut</PageTitle>
      <div className="columns">
        <div className="columns__main">
          <section className="section" aria-labelledby="office-heading">
            <h2 id="office-heading" className="section__title">
              <span className="section__number" aria-hidden="true">
                1
              </span>
              Toimipiste
            </h2>
            <OfficePicker
              offices={offices.data}
              isLoading={offices.isPending}
              selectedId={organizationId}
              onSelect={(office) => setOffice.mutate(office.id)}
            />
          </section>

          <section className="section" aria-labelledby="services-heading">
            <h2 id="services-heading" className="section__title">
              <span className="section__number" aria-hidden="true">
                2
              </span>
              Palvelut
            </h2>
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
                  onToggle={toggle}
                  disabled={addToCart.isPending || removeFromCart.isPending}
                />
                <SymptomForm
                  symptom={symptom}
                  disabled={saveSymptoms.isPending}
                  onSave={(description) => saveSymptoms.mutate([{ description }])}
                  onDelete={() => saveSymptoms.mutate([])}
                />
              </>
            )}
          </section>
        </div>
        <aside className="columns__side">
          <BookingSummary summary={bookingToSummary(booking)} />
        </aside>
      </div>
      <StepNav
        onBack={goBack}
        onContinue={goNext}
        continueDisabled={!canContinue}
        continueHint={
          organizationId === null ? 'Valitse toimipiste.' : 'Valitse vähintään yksi palvelu tai kuvaile tarvittava työ.'
        }
        summary={<CartTotal total={booking.price.active_price} />}
      />
    </div>
  );
}
