/** The signed-in staff member's own account. */
import type { ChangeOwnPasswordBody } from '@huolto/domain';
import { staffFetch } from './client.ts';

export function changeOwnPassword(body: ChangeOwnPasswordBody): Promise<unknown> {
  return staffFetch<unknown>('POST', '/me/password', body);
}
