/**
 * The extra rows staff may give a booking (GET /bookings/:id/extra-rows): the extra-order-items
 * catalogue's active items, as the customer adds them on the booking's own page, with the
 * booking's amount of each; the booking's rows of an item no longer offered come last, as
 * they are. Changing them: contents.ts (`extraRows`).
 */
import type { DeskExtraRow } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { listExtraOrderItems } from '../catalogue/index.ts';
import { findAddedRows } from '../manage/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { bookingOf } from './service.ts';

export async function staffExtraRows(db: Executor, staff: StaffPrincipal, id: number): Promise<DeskExtraRow[]> {
  const { row } = await bookingOf(db, staff, id);
  const added = await findAddedRows(db, row.id);
  const rowsOf = (productId: string) => added.filter((r) => r.product_id === productId);
  const booked = (productId: string) => ({
    amount: rowsOf(productId).reduce((s, r) => s + r.amount, 0),
    bookedCents: rowsOf(productId).reduce((s, r) => s + r.unit_price_cents * r.amount, 0),
  });
  const catalogue = await listExtraOrderItems(db);
  const offered = new Set(catalogue.map((p) => p.id));
  const gone = [...new Set(added.map((r) => r.product_id))].filter((p) => !offered.has(p));
  return [
    ...catalogue.map((p) => ({ productId: p.id, description: p.description, priceCents: p.price_cents, ...booked(p.id), active: true })),
    ...gone.map((p) => {
      const first = rowsOf(p)[0]!;
      return { productId: p, description: first.description, priceCents: first.unit_price_cents, ...booked(p), active: false };
    }),
  ];
}
