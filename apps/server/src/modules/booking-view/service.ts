/**
 * The booking of a process as the customer sees it (get-booking/v2), read from the
 * process, the catalogue, the held time and the loyalty account. A read model: it
 * depends on those modules, and none of them depends on it.
 */
import type { Booking } from '@huolto/domain';
import { formatLocalDateTime, toHoursAndMinutes, todayInHelsinki } from '@huolto/domain';
import type { ProcessRow } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import {
  databaseCatalogue,
  type CatalogueSource,
  orderItemsOf,
  pricedCart,
  pricedExtraOrderItems,
  totalDurationMinutes,
} from '../catalogue/index.ts';
import {
  customerOf,
  productParameterChoicesOf,
  selectedResourceIdsOf,
  symptomsOf,
  vehicleOf,
  voucherIdsOf,
} from '../process/index.ts';
import { findHeldTime, type HeldTime } from '../holds/index.ts';
import { isLeadMode } from '../time/index.ts';
import { applicableCampaign, validVouchers } from '../loyalty/index.ts';

/** What the view may take from a request that has already read it. */
export interface BookingViewSources {
  /** The catalogue and offices (kept under the request's versions); the database when absent. */
  catalogue?: CatalogueSource | undefined;
  /** The process's held time as read with the session row; read again when absent. */
  held?: { value: HeldTime | undefined } | undefined;
}

/**
 * The booking of a process as get-booking/v2 answers it (requirements §3 "Booking"). With the
 * sources of a request (the session row read with its held time, the catalogue kept in
 * memory) it needs no further statement unless a campaign code or vouchers apply.
 */
export async function bookingView(db: Executor, session: ProcessRow, sources: BookingViewSources = {}): Promise<Booking> {
  const catalogue = sources.catalogue ?? databaseCatalogue(db);
  const vehicle = vehicleOf(session);
  const organization = session.organization_id ? await catalogue.offices.organization(session.organization_id) : undefined;
  const lines = await pricedCart(catalogue, session);
  const symptoms = symptomsOf(session);
  const held = sources.held ? sources.held.value : await findHeldTime(db, session.token);
  const order_items = orderItemsOf(lines);
  const extras = await pricedExtraOrderItems(catalogue, session);
  const extrasTotal = extras.reduce((s, i) => s + i.price, 0);
  const itemsTotal = order_items.reduce((s, i) => s + i.price, 0);
  const campaign = await applicableCampaign(db, session.campaign_code, todayInHelsinki());
  const { discounts, vouchers } = await discountsOf(db, session, itemsTotal, campaign);
  const discountTotal = discounts.reduce((s, d) => s + d.amount, 0);
  const active = Math.max(0, itemsTotal + extrasTotal - discountTotal);
  const normal =
    lines.reduce((s, { line, product }) => s + Math.max(product.normal_price_cents ?? 0, product.price_cents) * line.amount, 0) +
    extrasTotal;
  const minutes = totalDurationMinutes(lines, symptoms.length > 0);

  return {
    process_type: session.process_type as Booking['process_type'],
    organization: organization
      ? {
          id: organization.id,
          name: organization.name,
          address: organization.address,
          post_code: organization.post_code,
          post_office: organization.post_office,
          brand_dealer: await catalogue.offices.isBrandDealer(organization.id, vehicle?.make_id ?? null),
          opening_time: toHoursAndMinutes(organization.opening_time),
          closing_time: toHoursAndMinutes(organization.closing_time),
        }
      : null,
    vehicle: vehicle
      ? {
          register_number: vehicle.register_number,
          make: vehicle.make,
          model: vehicle.model,
          model_year: vehicle.model_year,
          classification: vehicle.classification,
          tires: vehicle.tires ?? null,
        }
      : null,
    customer: customerOf(session) ?? null,
    symptoms,
    notes: session.notes,
    order_items,
    extra_order_items: extras,
    product_parameters: productParameterChoicesOf(session),
    customer_waiting: session.customer_waiting,
    vehicle_left_for_day: session.vehicle_left_for_day,
    booking_total_duration: held
      ? {
          start: formatLocalDateTime(held.start),
          end: formatLocalDateTime(held.end),
          time_selection_type: organization?.time_selection_type ?? 'EXACT_TIME',
          minutes: Math.round((held.end.getTime() - held.start.getTime()) / 60000),
        }
      : null,
    total_duration_minutes: minutes,
    kilometers: session.kilometers,
    price: { active_price: active, normal_price: normal, has_public_campaign: normal > active },
    service_code: session.service_code,
    // Only a code that applies today: a booking saved now keeps the code it was priced with.
    campaign_code: campaign?.code ?? null,
    discounts,
    vouchers,
    service_contract: session.service_contract,
    reservation_expires_at: held?.kind === 'HOLD' && held.expires_at ? new Date(held.expires_at).toISOString() : null,
    using_key_locker: session.using_key_locker,
    lead_date: session.lead_date ?? null,
    lead_mode: isLeadMode(session, organization),
    selected_resource_ids: selectedResourceIdsOf(session),
  };
}

/**
 * Price reductions of a booking: its campaign code's percentage off the services while the
 * code applies today (loyalty's applicableCampaign: a code that lapsed after it was put on
 * the cart takes nothing off from then on, also at saving), then the loyalty vouchers
 * applied to it that are still valid and unused today, never more than what is left to pay.
 */
async function discountsOf(
  db: Executor,
  session: ProcessRow,
  servicesTotal: number,
  campaign: { code: string; description: string; percent_off: number } | undefined,
) {
  const discounts: Booking['discounts'] = [];
  const vouchers: Booking['vouchers'] = [];
  let left = servicesTotal;
  if (campaign) {
    const amount = Math.round((left * campaign.percent_off) / 100);
    if (amount > 0) discounts.push({ code: campaign.code, description: campaign.description, amount });
    left -= amount;
  }
  const applied = new Set(voucherIdsOf(session));
  if (session.loyalty_account_id && applied.size > 0) {
    for (const v of await validVouchers(db, session.loyalty_account_id)) {
      if (!applied.has(v.voucherId)) continue;
      const amount = Math.min(v.discount, left);
      vouchers.push({ voucherId: v.voucherId, title: v.title, discount: amount });
      if (amount > 0) discounts.push({ code: v.voucherId, description: v.title, amount });
      left -= amount;
    }
  }
  return { discounts, vouchers };
}
