/** Staff accounts, for an admin: list, create and change. */
import type { CreateStaffUserBody, StaffOffice, StaffUser, UpdateStaffUserBody } from '@huolto/domain';
import { staffFetch } from './client.ts';

export function fetchUsers(): Promise<StaffUser[]> {
  return staffFetch<StaffUser[]>('GET', '/users');
}

export function createUser(body: CreateStaffUserBody): Promise<unknown> {
  return staffFetch<unknown>('POST', '/users', body);
}

export function updateUser(userId: number, body: UpdateStaffUserBody): Promise<unknown> {
  return staffFetch<unknown>('PATCH', `/users/${userId}`, body);
}

export function fetchOffices(): Promise<StaffOffice[]> {
  return staffFetch<StaffOffice[]>('GET', '/offices');
}
