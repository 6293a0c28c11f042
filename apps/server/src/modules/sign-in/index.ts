/**
 * What the rest of the server may import from modules/sign-in/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export {
  accountKey,
  clearAttempts,
  countSignInAttempt,
  DEVICE_COOKIES,
  DEVICE_DAYS,
  deviceCookieOptions,
  LOGIN_LIMITS,
  returnAttempt,
  takeAttempts,
  throttleKey,
  TooManyAttemptsError,
} from './service.ts';
