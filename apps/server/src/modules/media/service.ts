import { DomainError } from '#src/lib/errors.ts';
import type { Executor } from '#src/db/database.ts';
import { findMedia } from './repository.ts';

/** An image and its content type; 404 for an unknown id. */
export async function mediaFile(db: Executor, id: string): Promise<{ contentType: string; data: Buffer }> {
  const row = await findMedia(db, id);
  if (!row) throw new DomainError(404, 'NOT_FOUND', 'Kuvaa ei löytynyt');
  return { contentType: row.content_type, data: Buffer.from(row.data) };
}
