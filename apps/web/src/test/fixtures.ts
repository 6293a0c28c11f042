import type { Booking, OrderItem, ProductSuggestion, ServiceGroup, SiteSettings } from '@huolto/domain';

/** A product suggestion with sensible defaults (docs/api.md shapes). */
export function suggestion(overrides: Partial<ProductSuggestion> = {}): ProductSuggestion {
  return {
    product: { id: 'P-1', provider: 'LAAKKONEN' },
    description: 'Määräaikaishuolto',
    price: 24900,
    normal_price: null,
    duration_minutes: 90,
    selected: false,
    additional_data: { infoDescription: null, imageIds: [] },
    suggestion_sub_rows: [],
    additional_products: [],
    suggested_tire: null,
    ...overrides,
  };
}

export function group(id: string, title: string, suggestions: ProductSuggestion[]): ServiceGroup {
  return { id, title, calculator_id: null, suggestions };
}

export function orderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    display_description: 'Määräaikaishuolto',
    price: 24900,
    product: { id: 'P-1', provider: 'LAAKKONEN' },
    amount: 1,
    selected_service_identifier: 'P-1',
    parameters: {},
    stage: 'DEFAULT',
    duration_minutes: 90,
    ...overrides,
  };
}

/**
 * A booking at office 1 with ABC-123 and nothing chosen. Asserted rather than
 * annotated, so that fields the contract gains later need no change here.
 */
export function booking(overrides: Partial<Booking> = {}): Booking {
  const base = {
    process_type: 'MAINTENANCE',
    organization: {
      id: 1,
      name: 'Laakkonen Helsinki Konala',
      address: 'Ristipellontie 14',
      post_code: '00390',
      post_office: 'Helsinki',
      brand_dealer: true,
      opening_time: '07:30',
      closing_time: '17:00',
    },
    vehicle: {
      register_number: 'ABC-123',
      make: 'Volkswagen',
      model: 'Golf',
      model_year: 2019,
      classification: { id: 1 },
      tires: null,
    },
    customer: null,
    symptoms: [],
    notes: null,
    order_items: [],
    extra_order_items: [],
    product_parameters: [],
    customer_waiting: false,
    vehicle_left_for_day: false,
    booking_total_duration: null,
    total_duration_minutes: 0,
    kilometers: 60000,
    price: { active_price: 0, normal_price: 0, has_public_campaign: false },
    service_code: null,
    service_contract: false,
    reservation_expires_at: null,
    using_key_locker: false,
    lead_date: null,
    lead_mode: false,
    selected_resource_ids: [],
    campaign_code: null,
    discounts: [],
    vouchers: [],
  } as Booking;
  return { ...base, ...overrides };
}

/** GET /settings of a company that has given its details and opened the booking. */
export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    locale: 'fi-FI',
    currency: 'EUR',
    timeZone: 'Europe/Helsinki',
    holdMinutes: 15,
    tagManagerId: '',
    serviceBreak: null,
    links: {
      damageInspection: 'https://yritys.example/vahinkotarkastus',
      phoneBooking: 'https://yritys.example/yhteystiedot',
      bookingByPhone: 'https://yritys.example/yhteystiedot',
      frontPage: 'https://yritys.example/',
      instalmentBilling: 'https://yritys.example/osamaksu',
      privacy: 'https://yritys.example/tietosuoja',
    },
    bookingPhone: '010 123 4567',
    companyName: 'Autokorjaamo Esimerkki',
    bookingOpen: true,
    loyalty: true,
    loyaltyName: '',
    ...overrides,
  };
}
