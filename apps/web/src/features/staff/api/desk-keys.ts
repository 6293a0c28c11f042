import type { z } from 'zod';
import type { deskCatalogueBody, deskTimesBody } from '@huolto/domain';

/** The desk's query keys, under the back-office's 'staff' prefix (signing out clears them with the rest). */
export const deskKeys = {
  all: ['staff', 'desk'] as const,
  catalogue: (officeId: number, body: z.input<typeof deskCatalogueBody>) => ['staff', 'desk', 'catalogue', officeId, body] as const,
  times: (officeId: number, body: z.input<typeof deskTimesBody>) => ['staff', 'desk', 'times', officeId, body] as const,
  /** Every office's and day's times (a booking saved or refused takes a time). */
  allTimes: ['staff', 'desk', 'times'] as const,
};
