/**
 * The catalogue's pictures (a service's or a tire's), uploaded by admins as the raw file:
 * PNG, JPEG or WebP up to CATALOGUE_IMAGE_MAX_BYTES, its first bytes matching the type it
 * is sent as. A picture is stored in media under a new id, which GET /media?id= serves to
 * customers; a stored picture is never changed, a new one gets a new id. Each upload has its
 * MEDIA audit row (the type and size, not the bytes).
 */
import { randomBytes } from 'node:crypto';
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_TYPES } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { insertMedia } from './repository.ts';

export type CatalogueImageType = (typeof CATALOGUE_IMAGE_TYPES)[number];

const maxKb = Math.floor(CATALOGUE_IMAGE_MAX_BYTES / 1000);
export const IMAGE_MESSAGES = {
  type: 'Kuvan on oltava PNG-, JPEG- tai WebP-tiedosto.',
  tooLarge: `Kuva on liian suuri: enintään ${maxKb} kt.`,
  empty: 'Kuvatiedosto puuttuu.',
  mismatch: 'Tiedoston sisältö ei ole ilmoitetun tyyppistä kuvaa.',
} as const;

const unsupportedType = () => new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', IMAGE_MESSAGES.type);

/** The picture type its first bytes show, or null for none of the three. */
export function sniffImageType(data: Uint8Array): CatalogueImageType | null {
  const starts = (bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF, the chunk's size, WEBP.
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * The picture of a request, checked: 415 for another type than the three, 413 past the
 * limit, 400 for an empty file or one whose bytes are not of the type it was sent as.
 */
export function checkedImage(contentType: string | undefined, body: unknown): { contentType: CatalogueImageType; data: Buffer } {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CATALOGUE_IMAGE_TYPES.includes(type as CatalogueImageType) || !(body === undefined || Buffer.isBuffer(body))) throw unsupportedType();
  const data = body ?? Buffer.alloc(0);
  if (data.length === 0) throw new DomainError(400, 'VALIDATION', IMAGE_MESSAGES.empty, [{ path: '', message: IMAGE_MESSAGES.empty }]);
  if (data.length > CATALOGUE_IMAGE_MAX_BYTES) throw new DomainError(413, 'PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  if (sniffImageType(data) !== type) throw new DomainError(400, 'VALIDATION', IMAGE_MESSAGES.mismatch, [{ path: '', message: IMAGE_MESSAGES.mismatch }]);
  return { contentType: type as CatalogueImageType, data };
}

/** Stores a checked picture under a new id in the caller's transaction, with its MEDIA audit row. */
export async function storeImage(trx: Executor, image: { contentType: CatalogueImageType; data: Buffer }, staffUserId: number | null): Promise<string> {
  const imageId = `catalogue-${randomBytes(12).toString('hex')}`;
  await insertMedia(trx, imageId, image.contentType, image.data);
  await recordAudit(trx, { staffUserId, entity: 'MEDIA', entityId: imageId, action: 'CREATED', after: { imageId, contentType: image.contentType, bytes: image.data.length } });
  return imageId;
}
