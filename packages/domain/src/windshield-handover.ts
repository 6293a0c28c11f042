/**
 * What the time step needs of the windshield service, apart from its forms and schemas
 * (windshield.ts): the products' ids and the glue-drying notice. A module of its own, so that
 * every process's time step loads these few lines rather than the windshield forms.
 */
import { isWorkingDay } from './reservation.ts';
import { addDays, formatFinnishDate } from './time.ts';

/** Product ids of the windshield services (requirements §3 "Windshield products"). */
export const WINDSHIELD_PRODUCTS = {
  change: 'windshieldChange',
  repair: 'windshieldRepair',
  insuranceRepair: 'windshieldInsuranceRepair',
} as const;

/** The hour before which a finished replacement is handed over the same day (requirements §9). */
const GLUE_SAME_DAY_BEFORE = '12:00:00';

export interface GlueDryingHandover {
  sameDay: boolean;
  /** The handover date, 'YYYY-MM-DD'. */
  date: string;
  /** The notice, in Finnish. */
  text: string;
}

/**
 * The glue-drying notice (requirements §4): a replacement whose slot ends before 12:00 is
 * handed over after 15:00 the same day; otherwise on the next day — the next day the
 * workshop is open, since nobody hands a car over on a Sunday.
 */
export function glueDryingHandover(slotEnd: string): GlueDryingHandover {
  const [date = '', time = ''] = slotEnd.split('T');
  const hhmmss = time.length === 5 ? `${time}:00` : time;
  if (hhmmss < GLUE_SAME_DAY_BEFORE) {
    return {
      sameDay: true,
      date,
      text: `Liiman on kuivuttava ennen kuin autolla voi ajaa. Auto on noudettavissa samana päivänä klo 15.00 jälkeen.`,
    };
  }
  let next = addDays(date, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return {
    sameDay: false,
    date: next,
    text: `Liiman on kuivuttava ennen kuin autolla voi ajaa. Auto on noudettavissa seuraavana päivänä, ${formatFinnishDate(next)}.`,
  };
}
