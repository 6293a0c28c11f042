import { API_BASE } from '@huolto/domain';

/** The address of an image by its id (requirements §7: GET /media?id={imageId}, under the API base path). */
export function mediaUrl(imageId: string): string {
  return `${API_BASE}/media?id=${encodeURIComponent(imageId)}`;
}
