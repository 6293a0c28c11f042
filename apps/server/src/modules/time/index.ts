/**
 * What the rest of the server may import from modules/time/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { AvailabilityCache } from './availability-cache.ts';
export { findBusyIntervals, findLockerStarts, findOpeningExceptions, findResources, findResourcesOfDay } from './repository.ts';
export { assertBookableRange, type CalendarContext, calendarContextOf, isLeadMode, usableResources, workKindsOfLines } from './service.ts';
export {
  computeFreeDays,
  dayGap,
  dayWindow,
  exactCandidates,
  groupByResource,
  hasAvailability,
  type Interval,
  isFree,
  SAME_DAY_LEAD_MINUTES,
} from './slots.ts';
