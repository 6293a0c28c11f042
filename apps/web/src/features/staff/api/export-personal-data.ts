import { useMutation } from '@tanstack/react-query';
import type { PersonalDataExport } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import type { PersonalDataQueryValues } from './search-personal-data.ts';

/**
 * POST /staff/personal-data/export (admins): everything held about the person as one document,
 * its `summary` lines in Finnish first.
 */
export const exportPersonalData = (query: PersonalDataQueryValues) => staffApi.post<PersonalDataExport>('/personal-data/export', query);

/** The name the document is saved under: the day only, never anything of the person's ('henkilotiedot-2026-11-28.json'). */
export const personalDataFileName = (date: string) => `henkilotiedot-${date}.json`;

/** The document as a file the browser saves: a link with `download`, clicked once, its address freed after. */
export function saveJsonFile(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches the document; the caller saves it and resets the call, so that it is not kept in the page. */
export const useExportPersonalData = () => useMutation({ mutationFn: exportPersonalData, gcTime: 0 });
