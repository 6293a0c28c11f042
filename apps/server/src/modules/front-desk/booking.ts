/**
 * POST /offices/:officeId/bookings: a booking staff make for a customer on the phone or at
 * the counter. It is a booking process taken through the customer's own steps — the process
 * (no client address: no fair share), the car from the register or as typed, the mileage,
 * the cart (addToCart and its fit rules), the time held on the chosen resource (takeTime,
 * after the staff grid's start check), the customer, symptoms and notes — and saved by
 * saveBooking with the desk's options (channel, maker, the STAFF event, no office notice,
 * e-mail only when given, SMS when on). Every step runs in one transaction: when one fails,
 * nothing is saved, the process's hold included.
 */
import { randomBytes } from 'node:crypto';
import {
  HOLD_MINUTES,
  INSTALLATION_TYPE,
  parseLocalDateTime,
  type CartProductItem,
  type Customer,
  type DeskChannel,
  type DeskCustomer,
  type ProcessType,
  type ServicesStage,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { saveBooking, setCustomer, setNotes, setSymptoms } from '../booking/index.ts';
import { previewWork } from '../catalogue-admin/index.ts';
import { addToCart, hasSymptoms, pricedCart, totalDurationMinutes } from '../catalogue/index.ts';
import { TimeNotWon, takeTime } from '../holds/index.ts';
import { createProcess, findLiveProcess } from '../process/index.ts';
import { assertStaffStart } from '../staff-bookings/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { findBusyIntervals, findResources, isFree, usableResources, workKindsOfLines } from '../time/index.ts';
import { searchVehicle, setVehicle, type VehicleSource } from '../vehicle/index.ts';
import { deskOffice, previewQueryOf } from './office.ts';
import { joined } from './joined.ts';
import { bookingIdOfProcess } from './repository.ts';

/** The answer when the time was taken by someone else a moment before (409 NOT_AVAILABLE). */
export const TIME_LOST_MESSAGE = 'Aika ehdittiin juuri varata. Valitse toinen aika.';

export interface DeskBookingRequest {
  channel: DeskChannel;
  processType: ProcessType;
  vehicle: { registerNumber: string; make?: string | undefined; model?: string | undefined; kilometers?: number | null | undefined };
  items: CartProductItem[];
  start: string;
  resourceId: number;
  customer: DeskCustomer;
  symptoms: string[];
  notes: string;
}

export interface DeskBookingDeps {
  vehicles: VehicleSource;
  publicUrl: string;
  /** SMS_REMINDERS: the confirmation goes as a text message too. */
  sms: boolean;
}

/** The desk's customer as the customer flow stores one (customer/v2): e-mail is the only contact method it knows. */
function customerOf(c: DeskCustomer): Customer {
  return { ...c, preferred_contact_method: 'EMAIL', company_name: null, customer_type: null, direct_marketing_allowed: false, service_contract: false };
}

const notAvailable = (message: string) => new DomainError(409, 'NOT_AVAILABLE', message);

export async function deskBooking(
  db: Db,
  deps: DeskBookingDeps,
  staff: StaffPrincipal,
  officeId: number,
  body: DeskBookingRequest,
  now = new Date(),
): Promise<{ id: number; bookingKey: string }> {
  const { office, organization } = await deskOffice(db, staff, officeId);
  const resources = await findResources(db, officeId);
  const resource = resources.find((r) => r.id === body.resourceId);
  if (!resource) throw badRequest('resourceId', 'Resurssi ei kuulu toimipisteeseen');
  if (!resource.active) throw badRequest('resourceId', 'Resurssi on poistettu käytöstä');

  // What can be checked before anything is written: the car described when the register
  // does not know it, the items on the car's catalogue, the resource's work and the start.
  const { vehicle } = body;
  // The register is asked once, outside the transaction (it may be a service of its own).
  const registered = await deps.vehicles.findByRegisterNumber(vehicle.registerNumber);
  const asked: VehicleSource = { findByRegisterNumber: () => Promise.resolve(registered) };
  if (!(vehicle.make && vehicle.model) && !registered) {
    throw badRequest(vehicle.make ? 'vehicle.model' : 'vehicle.make', `Rekisteri ei tunne autoa: anna ${vehicle.make ? 'malli' : 'merkki'}`);
  }
  const work = await previewWork(db, asked, previewQueryOf(officeId, body), body.items);
  const start = parseLocalDateTime(body.start);
  const checkTime = async (on: Executor, minutes: number, kinds: readonly string[]) => {
    if (!usableResources(organization, resources, [], kinds).includes(resource.id)) {
      throw badRequest('resourceId', 'Resurssi ei tee valittuja töitä');
    }
    const end = new Date(start.getTime() + minutes * 60_000);
    await assertStaffStart(on, office, body.start, start, end, now);
    return end;
  };
  await checkTime(db, work.minutes, work.kinds);

  const token = randomBytes(32).toString('base64url');
  try {
    return await db.transaction().execute(async (trx) => {
      // The customer's steps, each on this transaction (theirs join it).
      const tx = joined(trx);
      await createProcess(trx, { token, processType: body.processType, installationType: INSTALLATION_TYPE, organizationId: officeId, clientKey: null });
      const found = await searchVehicle(tx, asked, token, { registerNumber: vehicle.registerNumber, kilometers: vehicle.kilometers ?? null });
      if (found.responseCode === 'NOT_FOUND') {
        await setVehicle(tx, token, { regNbr: vehicle.registerNumber, make: vehicle.make!, model: vehicle.model!, classification: { id: 1 } });
      }
      const byStage = new Map<ServicesStage, CartProductItem[]>();
      for (const item of body.items) {
        const stage = work.stages.get(item.productId)!;
        byStage.set(stage, [...(byStage.get(stage) ?? []), item]);
      }
      for (const [stage, items] of byStage) await addToCart(tx, token, stage, items);
      await setSymptoms(tx, token, body.symptoms.map((description) => ({ description })));
      if (body.notes) await setNotes(tx, token, body.notes);

      // The cart's own length and kinds of work (its rules may have joined lines into a bundle).
      const session = (await findLiveProcess(trx, token))!;
      const lines = await pricedCart(trx, session);
      const end = await checkTime(trx, totalDurationMinutes(lines, hasSymptoms(session)), workKindsOfLines(lines));

      // Absences are no rows of resource_time: the exclusion constraint does not see them.
      const busy = (await findBusyIntervals(trx, officeId, start, end, token)).filter((b) => b.resource_id === resource.id);
      if (!isFree(busy, start, end)) throw new TimeNotWon(TIME_LOST_MESSAGE);
      await takeTime(trx, {
        taker: { hold: { token, holdMinutes: HOLD_MINUTES } },
        organizationId: officeId,
        within: { start, end },
        candidates: [{ resourceId: resource.id, start, end }],
        lostMessage: TIME_LOST_MESSAGE,
      });
      await setCustomer(tx, token, customerOf(body.customer));

      const outcome = await saveBooking(tx, token, {
        publicUrl: deps.publicUrl,
        desk: { staffUserId: staff.id, channel: body.channel, sms: deps.sms },
      });
      if (outcome.responseCode !== 'SUCCESS') throw new DomainError(409, outcome.responseCode, outcome.message);
      return { id: await bookingIdOfProcess(trx, token), bookingKey: outcome.bookingKey };
    });
  } catch (err) {
    // The transaction is rolled back: the process, its cart and its hold are gone.
    if (err instanceof TimeNotWon) throw notAvailable(err.message);
    throw err;
  }
}
