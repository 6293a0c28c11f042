/**
 * zod parses objects faster with code it compiles through `new Function`, and to know whether
 * it may, it tries one. Under the site's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') that try is refused and reported as a CSP violation on every page that parses
 * an object, drowning the reports of real attacks. Told to run jitless, zod neither tries nor
 * compiles. Imported first by each entry whose pages parse with zod (the booking app, the
 * stand-alone first step, the back-office), so before any schema is parsed; the landing
 * parses nothing and loads no zod.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
