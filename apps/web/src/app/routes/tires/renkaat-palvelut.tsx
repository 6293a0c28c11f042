import type { Booking } from '@huolto/domain';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StepNav } from '../../../components/ui/step-nav.tsx';
import { CartTotal } from '../../../features/booking/components/booking-summary.tsx';
import { CartPanel } from '../../../features/booking/components/cart-panel.tsx';
import { useExtraServices } from '../../../features/services/api/get-extra-services.ts';
import { orderItemToCartItem, toCartItem } from '../../../features/services/api/cart-item.ts';
import { useRemoveProductsFromCart } from '../../../features/services/api/remove-products-from-cart.ts';
import { CollapsibleServiceGroups } from '../../../features/services/components/collapsible-service-groups.tsx';
import { useAddTireChangeProducts } from '../../../features/tires/api/add-tire-change-products.ts';
import { pushEvent } from '../../../lib/analytics.ts';
import { useProcess } from '../../process-context.tsx';
import { RequireBooking, hasVehicle } from '../require-booking.tsx';
import { useCartPanelActions } from '../use-cart-panel-actions.ts';
import { TireSearchBlock } from './tire-search-block.tsx';

const withOffice = (b: Booking) => hasVehicle(b) && b.organization !== null;

/** '/renkaat/palvelut' (SPEC §2 "Tire-change services page"). */
export function RenkaatPalvelutRoute() {
  return (
    <RequireBooking check={withOffice} otherwise="toimpiste">
      {(booking) => <RenkaatPalvelut booking={booking} />}
    </RequireBooking>
  );
}

function RenkaatPalvelut({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const organizationId = booking.organization?.id ?? null;
  const groups = useExtraServices(organizationId, 'TIRE_SERVICES');
  const add = useAddTireChangeProducts();
  const remove = useRemoveProductsFromCart();
  const cartActions = useCartPanelActions(booking);
  const busy = add.isPending || remove.isPending || cartActions.busy;
  const canContinue = booking.order_items.length > 0;

  return (
    <div className="page">
      <PageTitle documentTitle={`Palvelut – ${process.title}`}>Valitse rengaspalvelut</PageTitle>
      <div className="columns">
        <div className="columns__main">
          <section className="section" aria-labelledby="tire-services-heading">
            <h2 id="tire-services-heading" className="section__title">
              Rengaspalvelut
            </h2>
            <p className="muted">Renkaanvaihto, säilytys rengashotellissa, pesu ja tasapainotus.</p>
            <CollapsibleServiceGroups
              groups={groups.data}
              isLoading={groups.isPending}
              disabled={busy}
              onToggle={async (product, select, group) => {
                const item = toCartItem(product, group.calculator_id);
                await (select
                  ? add.mutateAsync([item])
                  : remove.mutateAsync({ items: [item], stage: 'TIRE_SERVICES' }));
                pushEvent({ event: select ? 'add_to_cart' : 'remove_from_cart', productId: item.productId });
              }}
            />
          </section>

          <section className="section" aria-labelledby="new-tires-heading">
            <h2 id="new-tires-heading" className="section__title">
              Uudet renkaat
            </h2>
            <p className="muted">Tarvitsetko uudet renkaat? Valitse ne tästä, niin asennamme ne samalla käynnillä.</p>
            <TireSearchBlock booking={booking} via="tire-change" disabled={busy} />
          </section>
        </div>
        <aside className="columns__side">
          <CartPanel
            booking={booking}
            busy={busy}
            onRemoveItem={(item) =>
              remove.mutateAsync({ items: [orderItemToCartItem(item)], stage: item.stage })
            }
            onRemoveExtraItem={cartActions.removeExtraItem}
          />
        </aside>
      </div>
      <StepNav
        onBack={goBack}
        onContinue={goNext}
        continueDisabled={!canContinue}
        continueHint="Valitse vähintään yksi palvelu tai renkaat."
        summary={<CartTotal total={booking.price.active_price} />}
      />
    </div>
  );
}
