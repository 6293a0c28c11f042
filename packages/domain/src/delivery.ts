/**
 * How the car is brought in (requirements §4 "Vehicle delivery") and the booking's flags that
 * carry it: choosing one option clears the others. The flags go to
 * POST /reservation-details/v2; the option codes that are product parameters go to
 * POST /product-parameter, one call each with 'true' or 'false'.
 */
import type { VehicleDeliveryOption } from './enums.ts';

/** The flags of POST /reservation-details/v2 that a delivery option sets. */
export interface DeliveryFlags {
  customerWaiting: boolean;
  vehicleLeftForDay: boolean;
  usingKeyLocker: boolean;
}

/** The delivery options that are also stored as product parameters of the booking. */
export const DELIVERY_PARAMETER_CODES = ['VEHICLE_LEFT_FOR_DAY', 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', 'CONTACT_REQUEST'] as const;
export type DeliveryParameterCode = (typeof DELIVERY_PARAMETER_CODES)[number];

/** Option → flags: exactly the chosen option's flag is set (CONTACT_REQUEST sets none). */
export function deliveryFlagsOf(option: VehicleDeliveryOption): DeliveryFlags {
  return {
    customerWaiting: option === 'CUSTOMER_WAITING',
    vehicleLeftForDay: option === 'VEHICLE_LEFT_FOR_DAY',
    usingKeyLocker: option === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  };
}

/** Option → the product parameters it sets: each code 'true' when it is the option, else 'false'. */
export function deliveryParametersOf(option: VehicleDeliveryOption): { parameterCode: DeliveryParameterCode; selectedValue: string }[] {
  return DELIVERY_PARAMETER_CODES.map((code) => ({ parameterCode: code, selectedValue: String(option === code) }));
}

/** What a booking carries of its delivery option (the get-booking/v2 fields). */
export interface DeliveryOfBooking {
  customer_waiting: boolean;
  vehicle_left_for_day: boolean;
  /** reservation-details/v2 usingKeyLocker, when known: the key locker even without its product parameter. */
  using_key_locker?: boolean | undefined;
  product_parameters: readonly { parameterCode: string; selectedValue: string }[];
}

/**
 * Flags → option: the delivery option a booking already carries (requirements §4: "restored
 * from the booking"), or null when none was chosen. The waiting, left-for-day and key-locker
 * flags come first; then the key locker and a contact request are read from the product parameters.
 */
export function deliveryOptionOf(booking: DeliveryOfBooking): VehicleDeliveryOption | null {
  if (booking.customer_waiting) return 'CUSTOMER_WAITING';
  if (booking.vehicle_left_for_day) return 'VEHICLE_LEFT_FOR_DAY';
  if (booking.using_key_locker) return 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS';
  const flagged = booking.product_parameters.find(
    (p) =>
      p.selectedValue === 'true' &&
      (p.parameterCode === 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' || p.parameterCode === 'CONTACT_REQUEST'),
  );
  return (flagged?.parameterCode as VehicleDeliveryOption | undefined) ?? null;
}

/** The delivery options' names as the customer chose them (docs/glossary.md "delivery options"). */
export const DELIVERY_OPTION_LABELS: Record<VehicleDeliveryOption, string> = {
  CUSTOMER_WAITING: 'Odotan paikan päällä',
  VEHICLE_LEFT_FOR_DAY: 'Jätän auton päiväksi',
  BRINGS_CAR_OUTSIDE_OFFICE_HOURS: 'Tuon auton aukioloaikojen ulkopuolella, avain avainautomaattiin',
  CONTACT_REQUEST: 'Pyydän yhteydenottoa',
};

/** The delivery options as the office's staff read them: the booking's page in the back-office. */
export const DELIVERY_STAFF_LABELS: Record<VehicleDeliveryOption, string> = {
  CUSTOMER_WAITING: 'Asiakas odottaa paikan päällä',
  VEHICLE_LEFT_FOR_DAY: 'Auto jätetään päiväksi',
  BRINGS_CAR_OUTSIDE_OFFICE_HOURS: 'Auto tuodaan aukioloaikojen ulkopuolella, avain avainautomaattiin',
  CONTACT_REQUEST: 'Asiakas pyytää yhteydenottoa',
};

/** The delivery options in a few words, for the back-office's printed day list. */
export const DELIVERY_SHORT_LABELS: Record<VehicleDeliveryOption, string> = {
  CUSTOMER_WAITING: 'Asiakas odottaa',
  VEHICLE_LEFT_FOR_DAY: 'Auto jää päiväksi',
  BRINGS_CAR_OUTSIDE_OFFICE_HOURS: 'Tuodaan aukioloajan ulkopuolella',
  CONTACT_REQUEST: 'Soita asiakkaalle',
};

/** The heading of the drop-off instruction on the thanks page, /oma-varaus and in the e-mails. */
export const DROP_OFF_HEADING = 'Auton tuominen';

/** A waiting customer brings the car this many minutes before the agreed time (requirements §2, drop-off texts). */
export const WAITING_DROP_OFF_MINUTES = 20;
/** A car left for the day is brought 7.30–8.00 on the morning of the booking (requirements §2, drop-off texts), Helsinki wall clock. */
export const LEFT_FOR_DAY_DROP_OFF = { from: '07:30', to: '08:00' } as const;
/**
 * The key locker takes the key outside opening hours: the evening before or the morning of
 * the booking, by the office's opening at 7.30 at the latest. The calendar event is the
 * half-hour before that.
 */
export const KEY_LOCKER_DROP_OFF = { from: '07:00', to: '07:30' } as const;

/** Where the office is, for the key locker's place. */
export interface DropOffOffice {
  address: string;
  post_code: string;
  post_office: string;
}

/** How to bring the car in: the requirements' drop-off sentence (§2) first, then the steps. */
export interface DropOffInstructions {
  summary: string;
  steps: string[];
}

const clock = (hhmm: string) => `${Number(hhmm.slice(0, 2))}.${hhmm.slice(3, 5)}`;
/** '7.30–8.00': the morning a car left for the day is brought in. */
const LEFT_FOR_DAY_WINDOW = `${clock(LEFT_FOR_DAY_DROP_OFF.from)}–${clock(LEFT_FOR_DAY_DROP_OFF.to)}`;

/**
 * The drop-off in one short line, shown under the delivery options while the customer
 * chooses (the reservation page): for a waiting customer and a car left for the day, the
 * start of dropOffInstructions' sentence; nothing for the other options.
 */
export const DROP_OFF_HINTS: Partial<Record<VehicleDeliveryOption, string>> = {
  VEHICLE_LEFT_FOR_DAY: `Tuo auto klo ${LEFT_FOR_DAY_WINDOW}`,
  CUSTOMER_WAITING: `Tuo auto noin ${WAITING_DROP_OFF_MINUTES} minuuttia ennen sovittua aikaa`,
};

/** The delivery options as the office's notice of a booking says them: the staff's labels, with the morning's drop-off of a car left for the day. */
export const DELIVERY_NOTICE_LABELS: Record<VehicleDeliveryOption, string> = {
  ...DELIVERY_STAFF_LABELS,
  VEHICLE_LEFT_FOR_DAY: `${DELIVERY_STAFF_LABELS.VEHICLE_LEFT_FOR_DAY} (tuodaan klo ${LEFT_FOR_DAY_WINDOW})`,
};

/** A wall-clock 'YYYY-MM-DDTHH:mm(:ss)' moved by `minutes` (across midnight too), as 'YYYY-MM-DDTHH:mm:ss'. */
function shiftClock(localDateTime: string, minutes: number): string {
  const naive = Date.parse(`${localDateTime.length === 16 ? `${localDateTime}:00` : localDateTime.slice(0, 19)}Z`);
  return new Date(naive + minutes * 60_000).toISOString().slice(0, 19);
}

/**
 * How to bring the car in after booking (requirements §2 "Reservation page" drop-off texts: 7.30–8.00
 * in the morning, or about 20 minutes before the agreed time when waiting; the key
 * locker's place, use and hours), as the thanks page, /oma-varaus and every e-mail say it.
 * With the booked start the waiting customer is told the clock time; with the office the
 * key locker's address. A lead has no agreed time: the office calls first. Null when the
 * booking carries no delivery option.
 */
export function dropOffInstructions(
  option: VehicleDeliveryOption | null,
  booking: { lead: boolean; start?: string | null | undefined; office?: DropOffOffice | null | undefined },
): DropOffInstructions | null {
  if (booking.lead) return { summary: 'Otamme sinuun yhteyttä ja sovimme tarkan ajan sekä sen, milloin tuot auton.', steps: [] };
  const place = booking.office ? ` osoitteessa ${booking.office.address}, ${booking.office.post_code} ${booking.office.post_office}` : '';
  switch (option) {
    case 'CUSTOMER_WAITING': {
      const at = booking.start ? shiftClock(booking.start, -WAITING_DROP_OFF_MINUTES).split('T')[1]!.slice(0, 5) : null;
      return {
        summary: `${DROP_OFF_HINTS.CUSTOMER_WAITING}.`,
        steps: [
          `${at ? `Tule toimipisteeseen klo ${clock(at)} ja i` : 'I'}lmoittaudu asiakaspalvelussa; anna auton avain vastaanottajalle.`,
          'Voit odottaa toimipisteessä, kunnes työ on valmis.',
        ],
      };
    }
    case 'VEHICLE_LEFT_FOR_DAY':
      return {
        summary: `${DROP_OFF_HINTS.VEHICLE_LEFT_FOR_DAY} varauspäivän aamuna.`,
        steps: [
          'Ilmoittaudu asiakaspalvelussa ja jätä auton avain vastaanottajalle.',
          'Auto jää korjaamolle päiväksi. Ilmoitamme, kun se on valmis noudettavaksi.',
        ],
      };
    case 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS':
      return {
        summary: `Tuo auto aukioloaikojen ulkopuolella ja jätä avain avainautomaattiin viimeistään varauspäivän aamuna klo ${clock(KEY_LOCKER_DROP_OFF.to)}.`,
        steps: [
          `Avainautomaatti on toimipisteen pääoven vieressä${place}.`,
          'Pysäköi auto toimipisteen asiakaspaikalle ja lukitse se.',
          'Ota automaatista avainkuori, kirjoita siihen auton rekisterinumero ja puhelinnumerosi, laita avain kuoreen ja pudota kuori automaatin luukusta.',
          'Voit jättää avaimen jo varausta edeltävänä iltana toimipisteen sulkeuduttua.',
        ],
      };
    case 'CONTACT_REQUEST':
      return { summary: 'Otamme sinuun yhteyttä ennen varattua aikaa ja sovimme, miten auto tuodaan korjaamolle.', steps: [] };
    default:
      return null;
  }
}

/** The instructions as one paragraph of text (a text message, a calendar event, a plain-text line). */
export function dropOffInstruction(
  option: VehicleDeliveryOption | null,
  booking: { lead: boolean; start?: string | null | undefined; office?: DropOffOffice | null | undefined },
): string | null {
  const i = dropOffInstructions(option, booking);
  return i ? [i.summary, ...i.steps].join(' ') : null;
}

/** When the customer has to act, as Helsinki wall clock: the calendar event and the reminder are at this time. */
export interface DropOffTime {
  start: string;
  end: string;
  /** The calendar event's title before the car: what the customer does then. */
  title: string;
}

/**
 * The time the customer brings the car in: 20 minutes before the start until the work's
 * end when waiting, 7.30–8.00 of the day when the car is left for the day, the half-hour
 * before opening for the key locker; otherwise the work's own time. Never after the
 * work's start. `work` is the booked time as 'YYYY-MM-DDTHH:mm:ss'.
 */
export function dropOffTime(option: VehicleDeliveryOption | null, work: { start: string; end: string }): DropOffTime {
  const date = work.start.split('T')[0]!;
  /** A window of the day, cut at the work's start (a work starting earlier keeps its own end). */
  const window = (w: { from: string; to: string }, title: string): DropOffTime => {
    const start = `${date}T${w.from}:00` < work.start ? `${date}T${w.from}:00` : work.start;
    const to = `${date}T${w.to}:00` < work.start ? `${date}T${w.to}:00` : work.start;
    return { start, end: to > start ? to : work.end, title };
  };
  switch (option) {
    case 'CUSTOMER_WAITING':
      return { start: shiftClock(work.start, -WAITING_DROP_OFF_MINUTES), end: work.end, title: 'Huoltoaika' };
    case 'VEHICLE_LEFT_FOR_DAY':
      return window(LEFT_FOR_DAY_DROP_OFF, 'Tuo auto huoltoon');
    case 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS':
      return window(KEY_LOCKER_DROP_OFF, 'Jätä auto ja avain avainautomaattiin');
    default:
      return { start: work.start, end: work.end, title: 'Huoltoaika' };
  }
}
