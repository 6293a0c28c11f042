import { describe, expect, it } from 'vitest';
import {
  campaignCodeBody,
  cartProductItemSchema,
  customerBody,
  feedbackBody,
  productParameterBody,
  registerUserBody,
  sendEditRequestBody,
  serviceCodeBody,
  setVehicleBody,
} from './index.ts';

/** Control characters (C0, DEL, C1) and bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = 'a\rb\nc\r\nd\te\u0007f\u0085g\u009bh\u202ei\u2066j\u2028k\u007f';
const access = { bookingKey: 'ABCD2345', registerNumber: 'ABC-123' };

describe('free text in the request schemas is stored without control characters', () => {
  it('make and model of an unknown vehicle: a bare CR or LF never reaches the stored row', () => {
    const v = setVehicleBody.parse({ make: 'Volvo\rDTSTART:2000', regNbr: 'ABC-1', model: 'V70\nATTENDEE:x', classification: { id: 1 } });
    expect(v).toMatchObject({ make: 'Volvo DTSTART:2000', model: 'V70 ATTENDEE:x' });
    const blank = setVehicleBody.safeParse({ make: '\u0007\u202e', regNbr: 'ABC-1', model: 'V70', classification: { id: 1 } });
    expect(blank.error!.issues.map((i) => i.path)).toEqual([['make']]);
    const nul = setVehicleBody.safeParse({ make: 'a\u0000', regNbr: 'ABC-1', model: 'V70', classification: { id: 1 } });
    expect(nul.error!.issues.map((i) => i.path)).toEqual([['make']]);
  });

  it('every one-line text field', () => {
    const customer = customerBody.parse({ first_name: HOSTILE, last_name: HOSTILE, phone_number: '0401234567', email: 'a@example.com', address: HOSTILE, post_office: HOSTILE });
    const item = cartProductItemSchema.parse({ productId: 'P', provider: HOSTILE, description: HOSTILE, calculatorId: HOSTILE, parameters: { [HOSTILE]: HOSTILE } });
    const parsed = [
      customer,
      item,
      productParameterBody.parse({ parameterCode: 'CONTACT_REQUEST', selectedValue: HOSTILE }),
      serviceCodeBody.parse({ value: HOSTILE }),
      campaignCodeBody.parse({ value: HOSTILE.slice(0, 40) }),
      registerUserBody.parse({ username: 'a@example.com', password: 'Pitkä salasana 1', firstname: HOSTILE, lastname: HOSTILE }),
    ];
    const texts = parsed.flatMap((p) => JSON.stringify(p).match(/"(?:[^"\\]|\\.)*"/g)!.map((s) => JSON.parse(s) as string));
    for (const text of texts) expect(text).not.toMatch(CONTROL);
    expect(customer).toMatchObject({ first_name: 'a b c d ef ghij k', address: 'a b c d ef ghij k' });
    expect(item.parameters).toEqual({ 'a b c d ef ghij k': 'a b c d ef ghij k' });
  });

  it('a change request and feedback keep their lines as LF and lose other control characters', () => {
    const req = sendEditRequestBody.parse({ ...access, message: ' Hei\r\nsiirto\rkiitos\u202e\u0007 ' });
    expect(req.message).toBe('Hei\nsiirto\nkiitos');
    expect(sendEditRequestBody.safeParse({ ...access, message: '\u0007\u202e' }).error!.issues.map((i) => i.path)).toEqual([['message']]);
    expect(feedbackBody.parse({ rating: 5, message: 'Hyvä\r\npalvelu\u2066' }).message).toBe('Hyvä\npalvelu');
  });
});
