/** An office's capacity: its resources' absences, its usual opening hours and its exceptions. */
import type { Absence, AbsenceBody, OpeningException, OpeningExceptionBody, StaffOffice } from '@huolto/domain';
import { staffFetch } from './client.ts';

export interface Opening {
  openingTime: string;
  closingTime: string;
  exceptions: OpeningException[];
}

export function fetchOffices(): Promise<StaffOffice[]> {
  return staffFetch<StaffOffice[]>('GET', '/offices');
}

export function fetchAbsences(officeId: number, from: string, to: string): Promise<Absence[]> {
  return staffFetch<Absence[]>('GET', `/offices/${officeId}/absences`, undefined, { from, to });
}

export function addAbsence(officeId: number, body: AbsenceBody): Promise<unknown> {
  return staffFetch<unknown>('POST', `/offices/${officeId}/absences`, body);
}

export function deleteAbsence(officeId: number, absenceId: number): Promise<unknown> {
  return staffFetch<unknown>('DELETE', `/offices/${officeId}/absences/${absenceId}`);
}

export function fetchOpening(officeId: number): Promise<Opening> {
  return staffFetch<Opening>('GET', `/offices/${officeId}/opening`);
}

export function saveOpeningHours(officeId: number, body: { openingTime: string; closingTime: string }): Promise<unknown> {
  return staffFetch<unknown>('PUT', `/offices/${officeId}/opening-hours`, body);
}

export function saveException(officeId: number, date: string, body: OpeningExceptionBody): Promise<unknown> {
  return staffFetch<unknown>('PUT', `/offices/${officeId}/exceptions/${date}`, body);
}

export function deleteException(officeId: number, date: string): Promise<unknown> {
  return staffFetch<unknown>('DELETE', `/offices/${officeId}/exceptions/${date}`);
}
