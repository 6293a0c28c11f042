import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { saveFailureText } from './save-failure.ts';

describe('saveFailureText', () => {
  it("names the service no longer offered, as the server's 409 says it", () => {
    const message = 'Valitsemasi palvelu ”Jarrujen huolto” ei ole enää valittavissa. Poista se valinnoista ja valitse aika uudelleen.';
    expect(saveFailureText(new ApiError(409, { error: 'SERVICE_UNAVAILABLE', message }))).toBe(message);
  });

  it("tells the server's reason of an INVALID answer, else that saving failed", () => {
    expect(saveFailureText({ responseCode: 'INVALID', message: 'Valitsemiesi palvelujen kesto on muuttunut. Valitse aika uudelleen.' })).toBe(
      'Valitsemiesi palvelujen kesto on muuttunut. Valitse aika uudelleen.',
    );
    expect(saveFailureText({ responseCode: 'INVALID' })).toBe('Tilauksen tallentaminen epäonnistui');
    expect(saveFailureText(new ApiError(500, {}))).toBe('Tilauksen tallentaminen epäonnistui');
  });

  it('says nothing of a lost session (412): the app starts anew', () => {
    expect(saveFailureText(new ApiError(412, {}))).toBeNull();
  });
});
