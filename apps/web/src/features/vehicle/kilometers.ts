/** '120 000' → 120000; null when empty. NaN when not a number. */
export function parseKilometers(input: string): number | null {
  const compact = input.replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  return /^\d+$/.test(compact) ? Number(compact) : Number.NaN;
}

/** The largest mileage accepted (the domain's kilometersSchema: a car's odometer stays under ten million). */
export const MAX_KILOMETERS = 9_999_999;

/**
 * The fixed attributes of the plate and mileage inputs, the same in the app's vehicle form
 * and the stand-alone first step (first-step/plate-form.tsx), which must look and behave alike.
 */
export const PLATE_INPUT_ATTRIBUTES = {
  id: 'registerNumber',
  className: 'input input--plate',
  type: 'text',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  placeholder: 'ABC-123',
  maxLength: 12,
} as const;

export const KILOMETERS_INPUT_ATTRIBUTES = {
  id: 'kilometers',
  className: 'input',
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'off',
  placeholder: 'esim. 60000',
} as const;
