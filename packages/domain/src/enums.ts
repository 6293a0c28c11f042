/** Enumerations of requirements §3. Each is a tuple (for zod) and a union type. */

export const PROCESS_TYPES = ['MAINTENANCE', 'TIRE_CHANGE', 'TIRE_SALES', 'WINDSHIELD'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** Process types the backend knows but whose screens are not public (requirements §1). */
export const HIDDEN_PROCESS_TYPES = [
  'DAMAGE_INSPECTION',
  'PRE_INSPECTION_CHECK',
  'ANNUAL_INSPECTION',
  'HOUR_SERVICE',
  'CANCEL_FORM',
  'CAR_WASH',
] as const;

export const RESPONSE_CODES = ['SUCCESS', 'NOT_FOUND', 'NOT_AVAILABLE', 'INVALID'] as const;
export type ResponseCode = (typeof RESPONSE_CODES)[number];

export const TIME_SELECTION_TYPES = ['USE_ORGANIZATION_SETTING', 'EXACT_TIME', 'DAY_ONLY', 'HOUR_SERVICE'] as const;
export type TimeSelectionType = (typeof TIME_SELECTION_TYPES)[number];

export const SHIFT_POSITIONS = ['MORNING', 'EVENING'] as const;
export type ShiftPosition = (typeof SHIFT_POSITIONS)[number];

export const NOTIFICATION_LEVELS = ['ERROR', 'WARNING', 'INFO', 'SUCCESS'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export const TIRE_TYPES = ['NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS'] as const;
export type TireType = (typeof TIRE_TYPES)[number];

export const STEP_STATUSES = ['FINISHED', 'ACTIVE', 'UNFINISHED'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const SERVICES_STAGES = ['DEFAULT', 'FIXED_CAMPAIGN_SERVICES', 'TIRE_SERVICES'] as const;
export type ServicesStage = (typeof SERVICES_STAGES)[number];

export const WINDSHIELD_SERVICES_TYPES = ['REPAIR', 'REPLACEMENT'] as const;

export const VEHICLE_DELIVERY_OPTIONS = [
  'CUSTOMER_WAITING',
  'VEHICLE_LEFT_FOR_DAY',
  'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  'CONTACT_REQUEST',
] as const;
export type VehicleDeliveryOption = (typeof VEHICLE_DELIVERY_OPTIONS)[number];

export const PRODUCT_PARAMETER_CODES = [
  'VEHICLE_LEFT_FOR_DAY',
  'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  'CONTACT_REQUEST',
  'WINDSHIELD_CHANGE_BOOKING_TYPE',
] as const;

/** The installation type of the public front end (requirements §9). */
export const INSTALLATION_TYPE = 'LAAKKONEN_PUBLIC';

/** Vehicle classification ids (docs/glossary.md): 1 passenger car, 2 van. */
export const VEHICLE_CLASS = { PASSENGER_CAR: 1, VAN: 2 } as const;
