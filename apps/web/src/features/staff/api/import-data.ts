import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataImportBody, DataImportError, DataImportResult } from '@huolto/domain';
import { ApiError, staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * POST /staff/data/import: one CSV file (admins only). Without `apply` nothing changes and the
 * answer says what would; with it, every row changes or none, except that the tires and
 * vehicles files asked with `skipRefused` bring the rows that pass and answer the others.
 */
export const importData = (body: DataImportBody) => staffApi.post<DataImportResult>('/data/import', body);

/**
 * The refused rows of a 400 IMPORT_INVALID (file, line, column, Finnish message); empty for any
 * other failure.
 */
export function importErrorsOf(error: unknown): DataImportError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const errors = (error.body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      file: String(e.file ?? ''),
      line: typeof e.line === 'number' ? e.line : 0,
      column: typeof e.column === 'string' ? e.column : null,
      message: String(e.message ?? ''),
    }));
}

/**
 * A dry run or an import. An applied import may have added or changed the set-up or the
 * catalogue: every back-office view is read again.
 */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataImportBody) => importData(body),
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries({ queryKey: staffKeys.all }) : undefined),
  });
}
