import { sanitizeNotes, type ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /save-notes; characters outside letters, digits, punctuation and separators are stripped (requirements §5). */
export const saveNotes = (notes: string) => {
  const value = sanitizeNotes(notes).trim();
  return api.post<ApiResponse>('/save-notes', { value: value === '' ? null : value });
};
