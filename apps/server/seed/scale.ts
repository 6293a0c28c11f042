/**
 * The size of the generated company (DEMO_SCALE). `demo` is the demo company of 14 offices
 * exactly as it has always been; the other sizes are a chain of that many offices whose
 * bookings reach the given years back, for trying the product at a national chain's volume.
 */

/** A chain's size: its offices, the years of past bookings and, optionally, the bookings in all. */
export interface ChainScale {
  offices: number;
  years: number;
  /**
   * About how many bookings in all (past and future); the lifts' fill follows from it.
   * Without it the lifts are filled as a busy chain's are (about three bookings a lift a
   * working day in the past, more in the tire seasons).
   */
  bookings?: number;
}

export type DemoScale = 'demo' | ChainScale;

/** The named sizes of DEMO_SCALE. */
export const SCALE_PRESETS: Readonly<Record<'medium' | 'large', ChainScale>> = {
  medium: { offices: 30, years: 3, bookings: 300_000 },
  large: { offices: 200, years: 3, bookings: 2_000_000 },
};

/** At most this many offices: a booking key's first two characters say its office. */
export const MAX_OFFICES = 1000;
export const MAX_YEARS = 20;

/** Checks a chain's size; a RangeError names what is wrong. */
export function checkScale(scale: ChainScale): ChainScale {
  if (!Number.isInteger(scale.offices) || scale.offices < 1 || scale.offices > MAX_OFFICES) {
    throw new RangeError(`offices must be a whole number 1–${MAX_OFFICES}, got ${scale.offices}`);
  }
  if (!Number.isInteger(scale.years) || scale.years < 0 || scale.years > MAX_YEARS) {
    throw new RangeError(`years must be a whole number 0–${MAX_YEARS}, got ${scale.years}`);
  }
  if (scale.bookings !== undefined && (!Number.isInteger(scale.bookings) || scale.bookings < 0)) {
    throw new RangeError(`bookings must be a whole number, got ${scale.bookings}`);
  }
  return scale;
}

/**
 * DEMO_SCALE's value: `demo` (the default), `medium`, `large`, or numbers such as
 * `offices=50,years=2` or `offices=50,years=2,bookings=400000`.
 */
export function parseDemoScale(value: string | undefined): DemoScale {
  const text = (value ?? '').trim();
  if (text === '' || text === 'demo') return 'demo';
  if (text === 'medium' || text === 'large') return { ...SCALE_PRESETS[text] };
  const parts = new Map<string, number>();
  for (const part of text.split(',')) {
    const m = /^\s*(offices|years|bookings)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) throw new RangeError(`DEMO_SCALE must be demo, medium, large or offices=N,years=N[,bookings=N], got '${text}'`);
    parts.set(m[1]!, Number(m[2]));
  }
  const offices = parts.get('offices');
  if (offices === undefined) throw new RangeError(`DEMO_SCALE: offices=N is missing in '${text}'`);
  const bookings = parts.get('bookings');
  return checkScale({ offices, years: parts.get('years') ?? 1, ...(bookings === undefined ? {} : { bookings }) });
}
