/**
 * What the contents page works with, pure: the booking's lines as a selection of the
 * catalogue's products, its total, the call's body, the refusal of a new work that no longer
 * fits (409 DOES_NOT_FIT) and the message after saving.
 */
import { z } from 'zod';
import {
  deskFitSchema,
  formatFinnishDate,
  formatLocalDateTime,
  todayInHelsinki,
  type CataloguePreview,
  type DeskCustomer,
  type DeskExtraRow,
  type DeskTire,
  type StaffBookingDetail,
} from '@huolto/domain';
import { ApiError, type FieldError } from '@/lib/api-client.ts';
import { clockRange } from '@/features/staff/format.ts';

/** Whether staff may change what the booking holds: a confirmed booking still to come (a lead from its wished day on). */
export function contentsChangeable(
  booking: Pick<StaffBookingDetail, 'status' | 'start' | 'leadDate'>,
  now: Date = new Date(),
): boolean {
  if (booking.status !== 'CONFIRMED') return false;
  if (booking.start) return booking.start > formatLocalDateTime(now);
  return booking.leadDate !== null && booking.leadDate >= todayInHelsinki(now);
}

/** A product chosen: its code (the booking line's productId) and amount. */
export interface ChosenItem {
  productId: string;
  amount: number;
}

/** The booking's lines from the catalogue, as chosen products (an extra row has no product). */
export function initialSelection(booking: StaffBookingDetail): ChosenItem[] {
  return booking.items
    .filter((i): i is typeof i & { productId: string } => i.productId !== null)
    .map((i) => ({ productId: i.productId, amount: Math.max(1, Math.round(i.quantity)) }));
}

/** The catalogue's services by code. */
export function servicesByCode(catalogue: CataloguePreview | undefined): Map<string, CataloguePreview['groups'][number]['services'][number]> {
  const map = new Map<string, CataloguePreview['groups'][number]['services'][number]>();
  for (const g of catalogue?.groups ?? []) for (const s of g.services) if (!map.has(s.code)) map.set(s.code, s);
  return map;
}

/**
 * The price of the chosen products in cents: a catalogue service at its price today times its
 * amount; a product the catalogue no longer offers at the booking's own price of its line.
 * The booking's extra rows (no product) are added as they are.
 */
export function totalCents(booking: StaffBookingDetail, selection: readonly ChosenItem[], catalogue: CataloguePreview | undefined): number {
  const services = servicesByCode(catalogue);
  const chosen = selection.reduce((sum, item) => {
    const service = services.get(item.productId);
    if (service) return sum + service.priceCents * item.amount;
    return sum + (booking.items.find((i) => i.productId === item.productId)?.priceCents ?? 0);
  }, 0);
  const extras = booking.items.filter((i) => i.productId === null).reduce((sum, i) => sum + i.priceCents, 0);
  return chosen + extras;
}

/**
 * A tire sale's tire lines: the booking's product lines that are no service of the catalogue
 * (a tire sale's cart holds tires only).
 */
export function tireLinesOf(items: readonly ChosenItem[], catalogue: CataloguePreview | undefined): ChosenItem[] {
  const services = servicesByCode(catalogue);
  return items.filter((i) => !services.has(i.productId));
}

/** Whether the chosen products differ from the booking's (order aside). */
export function selectionChanged(before: readonly ChosenItem[], after: readonly ChosenItem[]): boolean {
  const key = (items: readonly ChosenItem[]) =>
    items
      .map((i) => `${i.productId}×${i.amount}`)
      .sort()
      .join('|');
  return key(before) !== key(after);
}

/** The booking's customer as the desk's form takes them. */
export function customerOf(booking: StaffBookingDetail): DeskCustomer {
  const c = booking.customer;
  return {
    first_name: c.firstname,
    last_name: c.lastname,
    phone_number: c.phone,
    email: c.email,
    address: c.address,
    post_code: c.postCode,
    post_office: c.city,
  };
}

export type DeskFit = z.infer<typeof deskFitSchema>;

/** A 409 DOES_NOT_FIT: the server's message and the nearest starts where the new work fits; null for any other failure. */
export function doesNotFit(error: unknown): { message: string; nearest: DeskFit[] } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = (error.body ?? {}) as { code?: unknown; nearest?: unknown };
  if (error.code !== 'DOES_NOT_FIT' && body.code !== 'DOES_NOT_FIT') return null;
  const nearest = z.array(deskFitSchema).safeParse(body.nearest);
  return { message: error.message, nearest: nearest.success ? nearest.data : [] };
}

/** 'ke 2.12. klo 10.00–12.00, Nosturi 2' */
export function fitLabel(fit: DeskFit): string {
  return `${formatFinnishDate(fit.start.slice(0, 10))} klo ${clockRange(fit.start, fit.end)}, ${fit.resourceName}`;
}

/**
 * The booking page's message after saving: whether the customer was sent a new confirmation
 * (a message to the customer in the answer that the booking did not have before).
 */
export function savedMessage(before: StaffBookingDetail, answer: unknown): string {
  const messages = (answer as { messages?: unknown } | null)?.messages;
  const known = new Set(before.messages.map((m) => m.id));
  const sent =
    Array.isArray(messages) &&
    messages.some((m: { id?: unknown; kind?: unknown }) => typeof m?.id === 'number' && !known.has(m.id) && m.kind !== 'OFFICE_NOTICE');
  return sent ? 'Muutokset tallennettu. Asiakkaalle lähetettiin päivitetty vahvistus.' : 'Muutokset tallennettu.';
}

/**
 * The server's refusals of lines (400 `items.N.…`, or `items`) as one text naming each line's
 * service; null when it refused none.
 */
export function itemIssues(
  fields: readonly FieldError[],
  sent: readonly { productId: string }[],
  booking: StaffBookingDetail,
  catalogue: (CataloguePreview & { tires?: readonly DeskTire[] | undefined }) | undefined,
): string | null {
  const services = servicesByCode(catalogue);
  const tireName = (productId: string) => {
    const tire = catalogue?.tires?.find((t) => t.productId === productId);
    return tire && `${tire.make} ${tire.model}`;
  };
  const nameOf = (productId: string) => services.get(productId)?.name ?? tireName(productId) ?? booking.items.find((i) => i.productId === productId)?.name ?? productId;
  const texts = fields
    .filter((f) => /^items(\.|$)/.test(f.path))
    .map((f) => {
      const n = /^items\.(\d+)/.exec(f.path);
      const item = n ? sent[Number(n[1])] : undefined;
      return item ? `${nameOf(item.productId)}: ${f.message}` : f.message;
    });
  return texts.length > 0 ? [...new Set(texts)].join('. ') : null;
}

/** The amounts of the extra rows as chosen on the page, by product (a row not touched: the booking's). */
export type ExtraAmounts = Readonly<Record<string, number>>;

const amountIn = (amounts: ExtraAmounts, row: DeskExtraRow) => amounts[row.productId] ?? row.amount;

/** What an extra row costs as chosen: at its booked price while its amount stays, else at the catalogue's. */
export const extraRowCents = (row: DeskExtraRow, amount: number) => (amount === row.amount ? row.bookedCents : row.priceCents * amount);

/** What the extra rows cost as chosen, in cents. */
export const extraRowsCents = (rows: readonly DeskExtraRow[], amounts: ExtraAmounts) => rows.reduce((sum, r) => sum + extraRowCents(r, amountIn(amounts, r)), 0);

/** What the booking's extra rows cost now, in cents. */
export const bookedExtraCents = (rows: readonly DeskExtraRow[]) => rows.reduce((sum, r) => sum + r.bookedCents, 0);

/** Whether an extra row's amount differs from the booking's. */
export const extraRowsChanged = (rows: readonly DeskExtraRow[], amounts: ExtraAmounts) => rows.some((r) => amountIn(amounts, r) !== r.amount);

/** The extra rows as the call takes them: each product with an amount, once. */
export const extraRowsBody = (rows: readonly DeskExtraRow[], amounts: ExtraAmounts) =>
  rows.flatMap((r) => (amountIn(amounts, r) > 0 ? [{ productId: r.productId, amount: amountIn(amounts, r) }] : []));

/** The booking's lines that are its extra rows (shown with the extra rows, not among the services). */
export const extraLinesOf = (rows: readonly DeskExtraRow[]) =>
  rows.filter((r) => r.amount > 0).map((r) => ({ name: r.description, quantity: r.amount, priceCents: r.bookedCents }));

/** The refusal of extra rows (400 extraRows.N.…), by the item's name; undefined when none. */
export function extraRowIssues(fields: readonly FieldError[], sent: readonly { productId: string }[], rows: readonly DeskExtraRow[]): string | undefined {
  const messages = fields.flatMap((f) => {
    const m = /^extraRows(?:\.(\d+))?/.exec(f.path);
    if (!m) return [];
    const productId = m[1] === undefined ? undefined : sent[Number(m[1])]?.productId;
    const name = rows.find((r) => r.productId === productId)?.description;
    return [name ? `${name}: ${f.message}` : f.message];
  });
  return messages.length > 0 ? messages.join(' ') : undefined;
}
