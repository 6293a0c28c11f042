import { useMemo } from 'react';
import type { Booking } from '@huolto/domain';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StepNav } from '../../../components/ui/step-nav.tsx';
import { CartTotal } from '../../../features/booking/components/booking-summary.tsx';
import { CartPanel } from '../../../features/booking/components/cart-panel.tsx';
import { useLiftsOffers } from '../../../features/offers/api/get-lifts-offers.ts';
import { OffersPanel } from '../../../features/offers/components/offers-panel.tsx';
import { useExtraServices } from '../../../features/services/api/get-extra-services.ts';
import { useExtraOrderItems } from '../../../features/services/api/get-extra-order-items.ts';
import { useSaveExtraOrderItems } from '../../../features/services/api/save-extra-order-items.ts';
import { toCartItem } from '../../../features/services/api/cart-item.ts';
import { useCartChange } from '../../../features/services/hooks/use-cart-change.ts';
import { CollapsibleServiceGroups } from '../../../features/services/components/collapsible-service-groups.tsx';
import { ExtraOrderItems } from '../../../features/services/components/extra-order-items.tsx';
import { useProcess } from '../../process-context.tsx';
import { RequireBooking, hasServices } from '../require-booking.tsx';
import { useCartPanelActions } from '../use-cart-panel-actions.ts';
import { TireSearchBlock } from '../tires/tire-search-block.tsx';

/** '/huolto/lisapalvelut' (SPEC §2 "Extra services page"). */
export function LisapalvelutRoute() {
  return (
    <RequireBooking check={hasServices} otherwise="palvelut">
      {(booking) => <Lisapalvelut booking={booking} />}
    </RequireBooking>
  );
}

function Lisapalvelut({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const organizationId = booking.organization?.id ?? null;
  const groups = useExtraServices(organizationId, 'DEFAULT');
  const extraItems = useExtraOrderItems(organizationId);
  const saveExtras = useSaveExtraOrderItems();
  const offers = useLiftsOffers();
  const cart = useCartChange();
  const cartActions = useCartPanelActions(booking);
  const busy = cart.isPending || cartActions.busy || saveExtras.isPending;
  const inCart = useMemo(() => new Set(booking.order_items.map((i) => i.product.id)), [booking.order_items]);

  return (
    <div className="page">
      <PageTitle documentTitle={`Lisäpalvelut – ${process.title}`}>Lisäpalvelut</PageTitle>
      <div className="columns">
        <div className="columns__main">
          <section className="section" aria-labelledby="extra-services-heading">
            <h2 id="extra-services-heading" className="section__title">
              Lisää huoltoon
            </h2>
            <p className="muted">Samalla käynnillä voit teettää myös nämä. Avaa ryhmä nähdäksesi sen palvelut.</p>
            <CollapsibleServiceGroups
              groups={groups.data}
              isLoading={groups.isPending}
              disabled={busy}
              lazyContents
              onToggle={(product, select, group) => cart.change(toCartItem(product, group.calculator_id), select, 'DEFAULT')}
            />
          </section>

          <section className="section" aria-labelledby="extra-items-heading">
            <h2 id="extra-items-heading" className="section__title">
              Lisätuotteet
            </h2>
            <p className="muted">Pienet tarvikkeet asennettuna huollon yhteydessä.</p>
            <ExtraOrderItems
              items={extraItems.data}
              isLoading={extraItems.isPending}
              disabled={busy}
              onChange={(ids) => saveExtras.mutateAsync(ids)}
            />
          </section>

          <section className="section" aria-labelledby="extra-tires-heading">
            <h2 id="extra-tires-heading" className="section__title">
              Renkaat
            </h2>
            <p className="muted">Uudet renkaat asennettuna samalla käynnillä. Tässä suosituksemme autollesi.</p>
            <TireSearchBlock booking={booking} via="cart" disabled={busy} />
          </section>
        </div>
        <aside className="columns__side">
          <CartPanel
            booking={booking}
            busy={busy}
            onRemoveItem={cartActions.removeItem}
            onRemoveExtraItem={cartActions.removeExtraItem}
          />
          <OffersPanel
            offers={offers.data}
            inCart={inCart}
            disabled={busy}
            onAdd={(offer) =>
              cart.change(
                { productId: offer.productId, amount: 1, provider: offer.provider ?? 'LAAKKONEN', description: offer.title },
                true,
                'DEFAULT',
              )
            }
          />
        </aside>
      </div>
      <StepNav onBack={goBack} onContinue={goNext} summary={<CartTotal total={booking.price.active_price} />} />
    </div>
  );
}
