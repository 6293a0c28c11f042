import type { Organization } from '@huolto/domain';

/** Lower case, Finnish rules, single spaces. */
function normalize(text: string): string {
  return text.toLocaleLowerCase('fi-FI').replace(/\s+/g, ' ').trim();
}

/**
 * Whether an office matches what the customer typed: every word of it is found in the
 * office's town, postcode, street address or name ('hel', '00390', 'espoo kilo').
 */
export function matchesOfficeSearch(office: Pick<Organization, 'name' | 'address' | 'post_code' | 'post_office'>, search: string): boolean {
  const words = normalize(search).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const text = normalize(`${office.post_office} ${office.post_code} ${office.address} ${office.name}`);
  return words.every((w) => text.includes(w));
}

/** '12 toimipistettä', '1 toimipiste haulla ”Espoo”', 'Ei toimipisteitä haulla ”x”'. */
export function officeCountText(count: number, search: string): string {
  const term = search.trim();
  const suffix = term ? ` haulla ”${term}”` : '';
  if (count === 0) return `Ei toimipisteitä${suffix}`;
  return `${count} ${count === 1 ? 'toimipiste' : 'toimipistettä'}${suffix}`;
}
