/**
 * The processes an office offers: one flag of the organization row each (migration 020
 * added maintenance and tire sales beside tire change and windshield). An office that does
 * not offer a process is not listed for it and cannot be chosen in it.
 */
import type { ProcessType } from '@huolto/domain';

/** The office row's flag of each public process. */
export const PROCESS_FLAGS = {
  MAINTENANCE: 'maintenance',
  TIRE_CHANGE: 'tire_change',
  TIRE_SALES: 'tire_sales',
  WINDSHIELD: 'windshield',
} as const satisfies Record<ProcessType, string>;

export type OfficeProcessFlags = Record<(typeof PROCESS_FLAGS)[ProcessType], boolean>;

/** Whether an office row offers a process (processes other than the public four: every office). */
export function offersProcess(row: OfficeProcessFlags, processType: string | undefined): boolean {
  if (processType === undefined) return true;
  const column = (PROCESS_FLAGS as Record<string, keyof OfficeProcessFlags>)[processType];
  return column === undefined || row[column];
}

/** The refusal of an office that does not offer the process, by process. */
export const NOT_OFFERED: Record<ProcessType, string> = {
  MAINTENANCE: 'Toimipisteessä ei ole huoltopalvelua',
  TIRE_CHANGE: 'Toimipisteessä ei ole renkaanvaihtoa',
  TIRE_SALES: 'Toimipisteessä ei ole rengasmyyntiä',
  WINDSHIELD: 'Toimipisteessä ei ole tuulilasipalvelua',
};
