/**
 * What the rest of the server may import from modules/tire-admin/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file). The write functions
 * take the caller's transaction and write the audit rows inside it.
 */
export { checkedImage, sniffImageType, storeImage } from './images.ts';
export { findTires, setTireImage, updateTireStock } from './tires.ts';
