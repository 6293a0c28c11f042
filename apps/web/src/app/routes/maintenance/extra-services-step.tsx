import { useMemo } from 'react';
import type { Booking, LiftsOffer } from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { useLiftsOffers } from '@/features/offers/api/get-lifts-offers.ts';
import { OffersPanel } from '@/features/offers/components/offers-panel.tsx';
import { useExtraServices } from '@/features/services/api/get-extra-services.ts';
import { useExtraOrderItems } from '@/features/services/api/get-extra-order-items.ts';
import { useSaveExtraOrderItems } from '@/features/services/api/save-extra-order-items.ts';
import { toCartItem } from '@/features/services/api/cart-item.ts';
import { useCartChange } from '@/features/services/hooks/use-cart-change.ts';
import { CollapsibleServiceGroups, FoldedCard } from '@/features/services/components/collapsible-service-groups.tsx';
import { ServiceIcon, isGroupPicture, serviceGroupOfPicture } from '@/features/services/components/service-icon.tsx';
import { ExtraOrderItems } from '@/features/services/components/extra-order-items.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasServices } from '@/app/routes/require-booking.tsx';
import { useCartPanelActions } from '@/app/routes/use-cart-panel-actions.ts';
import { TireSearchBlock } from '@/app/routes/tires/tire-search-block.tsx';

/** '/huolto/lisapalvelut' (requirements §2 "Extra services page"). */
export const ExtraServicesStepRoute = bookingStep(ExtraServicesStep, hasServices, 'palvelut');

function ExtraServicesStep({ booking }: { booking: Booking }) {
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

  const extrasChosen = booking.extra_order_items.length;
  const tiresChosen = booking.order_items.some((i) => i.product.provider === 'TIRE');

  return (
    <StepPage
      documentTitle={`Lisäpalvelut – ${process.title}`}
      title="Lisäpalvelut"
      side={<CartPanel booking={booking} busy={busy} {...cartActions.panel} />}
      nav={{ onBack: goBack, onContinue: goNext, summary: <CartTotal total={booking.price.active_price} /> }}
    >
      <StepSection id="extra-services-heading" title="Lisää huoltoon">
        <p className="muted">Samalla käynnillä voit teettää myös nämä. Avaa ryhmä nähdäksesi sen palvelut.</p>
        <CollapsibleServiceGroups
          groups={groups.data}
          isLoading={groups.isPending}
          disabled={busy}
          lazyContents
          onToggle={(product, select, group) => cart.change(toCartItem(product, group.calculator_id), select, 'DEFAULT')}
        />
        {/* Folded like the services step's other choices: opened on demand, or already open with a choice in it. */}
        <FoldedCard
          title="Lisätuotteet"
          hint={extrasChosen > 0 ? `${extrasChosen} valittu` : 'Pienet tarvikkeet asennettuna huollon yhteydessä'}
          initiallyOpen={extrasChosen > 0}
        >
          <ExtraOrderItems
            items={extraItems.data}
            isLoading={extraItems.isPending}
            disabled={busy}
            onChange={(ids) => saveExtras.mutateAsync(ids)}
          />
        </FoldedCard>
        <FoldedCard
          title="Renkaat"
          hint={tiresChosen ? 'Renkaat ostoskorissa' : 'Uudet renkaat asennettuna samalla käynnillä'}
          initiallyOpen={tiresChosen}
        >
          <TireSearchBlock booking={booking} via="cart" disabled={busy} />
        </FoldedCard>
      </StepSection>

      <OffersPanel
        offers={offers.data}
        inCart={inCart}
        disabled={busy}
        grid
        picture={offerIcon}
        onAdd={(offer) =>
          cart.change(
            { productId: offer.productId, amount: 1, provider: offer.provider ?? 'LAAKKONEN', description: offer.title },
            true,
            'DEFAULT',
          )
        }
      />
    </StepPage>
  );
}

/** An offer pictured by the catalogue's group picture shows that kind of service's icon instead. */
function offerIcon(offer: LiftsOffer) {
  if (!offer.imageId || !isGroupPicture(offer.imageId)) return null;
  return <ServiceIcon group={serviceGroupOfPicture({ additional_data: { infoDescription: null, imageIds: [offer.imageId] } })} />;
}
