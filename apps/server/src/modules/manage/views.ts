/**
 * A saved booking as its readers see it: the customer's own page (open-booking), the
 * confirmation e-mail (the snapshot saved with it, the rows added since) and the contact
 * the mails name. The back-office's lists and detail read it through the same two views.
 */
import { formatLocalDateTime, isCancellable, toHoursAndMinutes, type Booking, type ManagedBooking, type OrderItem } from '@huolto/domain';
import { bookingReadout } from './readout.ts';
import type { CustomerContact } from './mail.ts';
import type { AddedRow, BookingOrganization, BookingRow, StoredCustomer } from './repository.ts';

/** The snapshot a booking was saved with (older bookings have only some of its fields). */
function snapshotOf(row: BookingRow): Partial<Booking> {
  return row.snapshot as Partial<Booking>;
}

function customerOf(row: BookingRow): StoredCustomer {
  return row.customer;
}


/** The customer as the mails name them. */
export function contactOf(row: BookingRow): CustomerContact {
  const c = customerOf(row);
  return { name: `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(), phone: c.phone_number ?? '', email: c.email ?? '' };
}


/** A saved booking as open-booking shows it; its lines are in cents, reductions negative. */
export function managedView(row: BookingRow, organization: BookingOrganization, added: AddedRow[], now: Date): ManagedBooking {
  const snap = snapshotOf(row);
  const vehicle = row.vehicle ?? {};
  const orderItems = row.order_items;
  const { lineDisplays, ...readout } = bookingReadout(snap, orderItems, row.using_key_locker);
  const exact = 'exact' as const;
  const items = [
    ...orderItems.map((i, n) => ({ description: i.display_description, amount: i.amount, price: i.price, priceDisplay: lineDisplays[n]! })),
    ...(snap.extra_order_items ?? []).map((i) => ({ description: i.description, amount: 1, price: i.price, priceDisplay: exact })),
    ...added.map((r) => ({ description: r.description, amount: r.amount, price: r.unit_price_cents * r.amount, priceDisplay: exact })),
    ...(snap.discounts ?? []).map((d) => ({ description: d.description, amount: 1, price: -d.amount, priceDisplay: exact })),
  ];
  const start = row.kind === 'RESERVATION' && row.start_at ? row.start_at : null;
  return {
    bookingKey: row.booking_key,
    status: row.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    kind: row.kind,
    registerNumber: row.register_number,
    vehicle: `${vehicle.make ?? ''} ${vehicle.model ?? ''}`.trim(),
    office: {
      ...organization,
      opening_time: toHoursAndMinutes(organization.opening_time),
      closing_time: toHoursAndMinutes(organization.closing_time),
    },
    start: start ? formatLocalDateTime(start) : null,
    end: start && row.end_at ? formatLocalDateTime(row.end_at) : null,
    leadDate: row.kind === 'LEAD' ? row.lead_date : null,
    items,
    total: row.total_cents,
    ...readout,
    customerFirstName: customerOf(row).first_name ?? '',
    cancellable: isCancellable({ status: row.status, kind: row.kind, start }, now),
  };
}

/**
 * The booking as the confirmation e-mail needs it: the snapshot taken when it was saved
 * (older bookings have only their columns), with the rows added since and the current total.
 */
export function bookingForMail(row: BookingRow, organization: BookingOrganization, added: AddedRow[]): Booking {
  const snap = snapshotOf(row);
  const addedTotal = added.reduce((s, r) => s + r.unit_price_cents * r.amount, 0);
  const minutes = row.start_at && row.end_at ? Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60000) : 0;
  const vehicle = (row.vehicle ?? null) as Booking['vehicle'];
  return {
    process_type: row.process_type as Booking['process_type'],
    symptoms: [],
    notes: null,
    product_parameters: [],
    customer_waiting: false,
    vehicle_left_for_day: false,
    total_duration_minutes: minutes,
    kilometers: null,
    service_code: null,
    campaign_code: null,
    discounts: [],
    vouchers: [],
    service_contract: false,
    selected_resource_ids: [],
    ...snap,
    organization: {
      id: organization.id,
      name: organization.name,
      address: organization.address,
      post_code: organization.post_code,
      post_office: organization.post_office,
      brand_dealer: snap.organization?.brand_dealer ?? false,
      opening_time: toHoursAndMinutes(organization.opening_time),
      closing_time: toHoursAndMinutes(organization.closing_time),
    },
    vehicle,
    customer: row.customer as Booking['customer'],
    order_items: row.order_items as OrderItem[],
    extra_order_items: [
      ...(snap.extra_order_items ?? []),
      ...added.map((r) => ({
        id: r.product_id,
        description: r.amount > 1 ? `${r.description} × ${r.amount}` : r.description,
        price: r.unit_price_cents * r.amount,
      })),
    ],
    booking_total_duration:
      row.kind === 'RESERVATION' && row.start_at && row.end_at
        ? {
            start: formatLocalDateTime(row.start_at),
            end: formatLocalDateTime(row.end_at),
            time_selection_type: row.time_selection_type ?? 'EXACT_TIME',
            minutes,
          }
        : null,
    lead_date: row.kind === 'LEAD' ? row.lead_date : null,
    lead_mode: row.kind === 'LEAD',
    using_key_locker: row.using_key_locker,
    reservation_expires_at: null,
    price: {
      active_price: row.total_cents,
      normal_price: Math.max((snap.price?.normal_price ?? row.total_cents - addedTotal) + addedTotal, row.total_cents),
      has_public_campaign: snap.price?.has_public_campaign ?? false,
    },
  };
}

