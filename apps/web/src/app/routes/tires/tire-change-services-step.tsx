import { useState } from 'react';
import { bundleParts, workOf, type Booking, type OrderItem } from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { useExtraServices } from '@/features/services/api/get-extra-services.ts';
import { orderItemToCartItem, toCartItem } from '@/features/services/api/cart-item.ts';
import { useRemoveProductsFromCart } from '@/features/services/api/remove-products-from-cart.ts';
import { CollapsibleServiceGroups } from '@/features/services/components/collapsible-service-groups.tsx';
import { bundleSavings, workCatalogueOf } from '@/features/services/bundle-savings.ts';
import { useAddTireChangeProducts } from '@/features/tires/api/add-tire-change-products.ts';
import { pushEvent } from '@/lib/analytics.ts';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasVehicle } from '@/app/routes/require-booking.tsx';
import { useCartPanelActions } from '@/app/routes/use-cart-panel-actions.ts';
import { TireSearchBlock } from './tire-search-block.tsx';

const withOrganization = (b: Booking) => hasVehicle(b) && b.organization !== null;

/** '/renkaat/palvelut' (requirements §2 "Tire-change services page"). */
export const TireChangeServicesStepRoute = bookingStep(TireChangeServicesStep, withOrganization, 'toimpiste');

function TireChangeServicesStep({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const organizationId = booking.organization?.id ?? null;
  const groups = useExtraServices(organizationId, 'TIRE_SERVICES');
  const add = useAddTireChangeProducts();
  const remove = useRemoveProductsFromCart();
  const cartActions = useCartPanelActions(booking);
  const busy = add.isPending || remove.isPending || cartActions.busy;
  const canContinue = booking.order_items.length > 0;
  const savings = bundleSavings(groups.data);
  const catalogue = workCatalogueOf(groups.data);
  // What the server did beyond the tap (the parts became their bundle), shown on the card that now holds them.
  const [notice, setNotice] = useState<{ text: string; productId: string } | null>(null);
  const noticeOn = (id: string) => notice !== null && workOf(id, catalogue).has(notice.productId);
  // A bundle's line in the cart says what it holds.
  const itemNote = (item: OrderItem) => {
    const bundle = catalogue.get(item.product.id);
    const parts = bundle ? bundleParts(bundle, catalogue) : [];
    return parts.length >= 2 ? `Sisältää: ${parts.map((p) => p.description).join(' + ')}` : null;
  };

  return (
    <StepPage
      documentTitle={`Palvelut – ${process.title}`}
      title="Valitse rengaspalvelut"
      side={
        <CartPanel
          booking={booking}
          busy={busy}
          onRemoveItem={(item) => remove.mutateAsync({ items: [orderItemToCartItem(item)], stage: item.stage })}
          onRemoveExtraItem={cartActions.removeExtraItem}
          itemNote={itemNote}
        />
      }
      nav={{
        onBack: goBack,
        onContinue: goNext,
        continueDisabled: !canContinue,
        continueHint: 'Valitse vähintään yksi palvelu tai renkaat.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      <StepSection id="tire-services-heading" title="Rengaspalvelut">
        <p className="muted">Renkaanvaihto, säilytys rengashotellissa, pesu ja tasapainotus.</p>
        <p className="visually-hidden" role="status">
          {notice?.text ?? ''}
        </p>
        <CollapsibleServiceGroups
          groups={groups.data}
          isLoading={groups.isPending}
          disabled={busy}
          contentsWording="service"
          noteFor={(product) => (product.selected && noticeOn(product.product.id) ? notice?.text : savings.get(product.product.id))}
          onToggle={async (product, select, group) => {
            const item = toCartItem(product, group.calculator_id);
            setNotice(null);
            if (select) {
              const answer = await add.mutateAsync([item]);
              if (answer.message) setNotice({ text: answer.message, productId: item.productId });
            } else {
              await remove.mutateAsync({ items: [item], stage: 'TIRE_SERVICES' });
            }
            pushEvent({ event: select ? 'add_to_cart' : 'remove_from_cart', productId: item.productId });
          }}
        />
      </StepSection>

      <StepSection id="new-tires-heading" title="Uudet renkaat">
        <p className="muted">Tarvitsetko uudet renkaat? Valitse ne tästä, niin asennamme ne samalla käynnillä.</p>
        <TireSearchBlock booking={booking} via="tire-change" disabled={busy} />
      </StepSection>
    </StepPage>
  );
}
