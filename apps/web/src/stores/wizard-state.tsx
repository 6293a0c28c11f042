import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  TIRE_TYPES,
  VEHICLE_DELIVERY_OPTIONS,
  type PriceDisplay,
  type ProcessType,
  type RepairFormDraft,
  type ReplacementFormDraft,
  type TireSearchForm,
  type VehicleDeliveryOption,
  type WindshieldBookingType,
  type WindshieldServiceType,
} from '@huolto/domain';

/** The windshield page's choices: repair or replacement, both forms, and quote or time. */
export interface WindshieldDraft {
  type: WindshieldServiceType | null;
  repair: RepairFormDraft;
  replacement: ReplacementFormDraft;
  bookingType: WindshieldBookingType | null;
}

/**
 * UI state of the booking wizard that the server does not (yet) hold. Server state
 * (the booking, offices, services, free times) lives in TanStack Query; this holds
 * only the user's choices between calls. Persisted in sessionStorage so that Back,
 * Continue and a reload keep it (docs/conventions.md "Web app").
 */
export interface WizardState {
  /** 'Minulla on huolto- ja/tai leasingsopimus' on the services page; sent as customer.service_contract. */
  serviceContract: boolean;
  /** The vehicle delivery option chosen on the time page (requirements §3 enumerations). */
  deliveryOption: VehicleDeliveryOption | null;
  /** The tire search form as the customer left it; null = the defaults of the car. */
  tireSearch: TireSearchForm | null;
  /** The windshield page as the customer left it; null = nothing chosen yet. */
  windshield: WindshieldDraft | null;
  /** The booking just saved, shown on the thanks page after the session is gone. */
  lastBooking: SavedBookingSummary | null;
}

/** What the thanks page shows of a saved booking. */
export interface SavedBookingSummary {
  bookingKey: string | null;
  processType: ProcessType;
  registerNumber: string | null;
  vehicle: string | null;
  office: { name: string; address: string; post_code: string; post_office: string } | null;
  /** Local date-times 'YYYY-MM-DDTHH:mm:ss' of the reserved time. */
  start: string | null;
  end: string | null;
  /** The preferred date of a lead (a request to be contacted) instead of a time. */
  leadDate?: string | null;
  /** priceDisplay: 'from' says 'alkaen', 'quote' shows no price (price-display.ts); absent = the price. */
  items: { description: string; price: number; priceDisplay?: PriceDisplay; amount?: number }[];
  symptoms: string[];
  /** Cents. */
  total: number;
  totalDisplay?: PriceDisplay;
  email: string | null;
  /** How the car is brought in, as saved (save-booking's answer); absent in a summary kept from before. */
  deliveryOption?: VehicleDeliveryOption | null;
  /** The office's notice to customers on the day of booking, as the confirmation e-mail has it. */
  officeNotice?: string | null;
}

export const WIZARD_STORAGE_KEY = 'huolto-wizard-state';

const INITIAL: WizardState = { serviceContract: false, deliveryOption: null, tireSearch: null, windshield: null, lastBooking: null };

/** A stored tire search form, or null when it is not one (an older or tampered value). */
function tireSearchOf(value: unknown): TireSearchForm | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const str = (k: string) => typeof v[k] === 'string';
  const okType = v.tireType === '' || TIRE_TYPES.includes(v.tireType as (typeof TIRE_TYPES)[number]);
  const okSuppliers = Array.isArray(v.suppliers) && v.suppliers.every((s) => Number.isInteger(s));
  if (!okType || !okSuppliers || !['width', 'aspectRatio', 'rimDiameter', 'loadIndex'].every(str)) return null;
  return v as unknown as TireSearchForm;
}

function load(): WizardState {
  try {
    const raw = window.sessionStorage.getItem(WIZARD_STORAGE_KEY);
    if (!raw) return INITIAL;
    const parsed = JSON.parse(raw) as Partial<WizardState>;
    return {
      serviceContract: parsed.serviceContract === true,
      deliveryOption: VEHICLE_DELIVERY_OPTIONS.includes(parsed.deliveryOption as VehicleDeliveryOption)
        ? (parsed.deliveryOption as VehicleDeliveryOption)
        : null,
      tireSearch: tireSearchOf(parsed.tireSearch),
      windshield: windshieldOf(parsed.windshield),
      lastBooking: parsed.lastBooking ?? null,
    };
  } catch {
    return INITIAL;
  }
}

/** A stored windshield draft, or null when it is not one. The forms are validated again on use. */
function windshieldOf(value: unknown): WindshieldDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<WindshieldDraft>;
  const okType = v.type === null || v.type === 'REPAIR' || v.type === 'REPLACEMENT';
  const okBooking = v.bookingType === null || v.bookingType === 'RESERVE_TIME' || v.bookingType === 'LEAD';
  if (!okType || !okBooking || typeof v.repair !== 'object' || typeof v.replacement !== 'object' || !v.repair || !v.replacement) return null;
  return v as WindshieldDraft;
}

function save(state: WizardState): void {
  try {
    window.sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* storage disabled: state lasts until reload */
  }
}

interface WizardContextValue extends WizardState {
  update: (patch: Partial<WizardState>) => void;
  /** Forgets the choices of the booking in progress (a new booking starts). */
  resetProgress: () => void;
}

const WizardContext = createContext<WizardContextValue | null>(null);

/**
 * A new booking process's start outside the provider (the stand-alone first step): the
 * stored choices go, the last booking stays, as resetProgress does.
 */
export function resetStoredProgress(): void {
  save({ ...INITIAL, lastBooking: load().lastBooking });
}

export function WizardStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<WizardState>(load);

  const update = useCallback((patch: Partial<WizardState>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      save(next);
      return next;
    });
  }, []);

  const resetProgress = useCallback(() => {
    setState((prev) => {
      const next = { ...INITIAL, lastBooking: prev.lastBooking };
      save(next);
      return next;
    });
  }, []);

  const value = useMemo(() => ({ ...state, update, resetProgress }), [state, update, resetProgress]);
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
}

export function useWizardState(): WizardContextValue {
  const ctx = useContext(WizardContext);
  if (!ctx) throw new Error('useWizardState outside WizardStateProvider');
  return ctx;
}
