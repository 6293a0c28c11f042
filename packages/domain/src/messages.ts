import type { NotificationLevel } from './enums.ts';

/** The error catalogue of requirements §8, with the Finnish text of each situation. */
export const MESSAGES = {
  vehicleNotFound: { level: 'INFO', text: 'Ajoneuvon tietoja ei löytynyt. Ole hyvä ja valitse auton merkki.' },
  vehicleSearchFailed: { level: 'ERROR', text: 'Ajoneuvon tietojen haku epäonnistui.' },
  loginFailed: { level: 'ERROR', text: 'Kirjautuminen epäonnistui. Tarkista käyttäjätunnus ja salasana.' },
  loginSuccess: { level: 'SUCCESS', text: 'Tervetuloa!' },
  logout: { level: 'INFO', text: 'Olet kirjautunut ulos' },
  reservationFailed: { level: 'ERROR', text: 'Ajan varaaminen epäonnistui.' },
  sessionExpired: { level: 'WARNING', text: 'Istunto on päättynyt.' },
  serverError: { level: 'WARNING', text: 'Toiminnon suorittaminen epäonnistui.' },
  invalidCustomerForm: {
    level: 'ERROR',
    text: 'Virhe asiakastiedoissa, tarkista lomake ennen tilauksen tallentamista',
  },
  saveFailed: { level: 'ERROR', text: 'Tilauksen tallentaminen epäonnistui' },
  windshieldIncomplete: {
    level: 'WARNING',
    text: 'Jokin valinnoista puuttuu. Täytä kaikki kentät jatkaaksesi eteenpäin.',
  },
} as const satisfies Record<string, { level: NotificationLevel; text: string }>;

export type MessageKey = keyof typeof MESSAGES;

/** HTTP statuses that requirements §8 maps to the generic server-error warning. */
export const SERVER_ERROR_STATUSES = [400, 404, 500, 504] as const;

/** Finnish field-level validation texts used by forms. */
export const FIELD_ERRORS = {
  required: 'Pakollinen tieto',
  registerNumber: 'Tarkista rekisterinumero (esim. ABC-123)',
  kilometers: 'Anna mittarilukema kilometreinä',
  email: 'Tarkista sähköpostiosoite',
  phone: 'Tarkista puhelinnumero',
  postCode: 'Postinumerossa on viisi numeroa',
  tooLong: 'Teksti on liian pitkä',
  unstorable: 'Tekstissä on merkkejä, joita ei voi tallentaa',
} as const;
