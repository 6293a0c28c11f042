import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client.ts';
import { showRefusal } from './form-refusal.ts';

type Values = { email: string; name: string };
const NAMES = ['email', 'name'] as const;

function refuse(error: unknown) {
  const setError = vi.fn<(name: string, error: { message?: string }) => void>();
  showRefusal<Values>(error, setError as unknown as UseFormSetError<Values>, NAMES);
  return setError.mock.calls.map(([name, e]) => [name, e.message]);
}

describe('showRefusal', () => {
  it("puts a 400's field messages on the form's fields", () => {
    const error = new ApiError(400, { error: 'VALIDATION', message: 'Virheellinen syöte: name', fields: [{ path: 'name', message: 'Pakollinen tieto' }] });
    expect(refuse(error)).toEqual([['name', 'Pakollinen tieto']]);
  });

  it('puts a conflict naming a field (an address already taken) on that field', () => {
    const error = new ApiError(409, { error: 'CONFLICT', message: 'Sähköposti on jo käytössä', fields: [{ path: 'email', message: 'Sähköposti on jo käytössä' }] });
    expect(refuse(error)).toEqual([['email', 'Sähköposti on jo käytössä']]);
  });

  it("makes a refusal naming none of the form's fields the form's one problem, in the server's words", () => {
    expect(refuse(new ApiError(403, { error: 'FORBIDDEN', message: 'Sinulla ei ole oikeutta tähän toimintoon.' }))).toEqual([
      ['root.server', 'Sinulla ei ole oikeutta tähän toimintoon.'],
    ]);
    const elsewhere = new ApiError(400, { error: 'VALIDATION', message: 'Virheellinen syöte: to', fields: [{ path: 'to', message: 'Liian pitkä' }] });
    expect(refuse(elsewhere)).toEqual([['root.server', 'Virheellinen syöte: to']]);
  });
});
