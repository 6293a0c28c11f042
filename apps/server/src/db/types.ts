import type { ColumnType, Generated } from 'kysely';

type Json = unknown;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Row types of the tables in migrations/. */
export interface Database {
  setting: { key: string; value: Json };
  vehicle_make: { id: number; name: string };
  vehicle_model: { id: number; make_id: number; name: string; classification_id: Generated<number> };
  vehicle: {
    register_number: string;
    make_id: number;
    model: string;
    model_year: number | null;
    classification_id: Generated<number>;
    fuel: string | null;
    introduction_date: ColumnType<string | null, string | null | undefined, string | null>;
    tires: Json | null;
  };
  organization: {
    id: number;
    name: string;
    address: string;
    post_code: string;
    post_office: string;
    phone: string | null;
    email: string | null;
    latitude: number | null;
    longitude: number | null;
    time_selection_type: Generated<string>;
    opening_time: Generated<string>;
    closing_time: Generated<string>;
    first_slot_time: Generated<string>;
    slot_step_minutes: Generated<number>;
    tire_change: Generated<boolean>;
    windshield: Generated<boolean>;
    show_loan_calculator: Generated<boolean>;
    active: Generated<boolean>;
    locker_compartments: Generated<number>;
    lead_only: Generated<boolean>;
    customer_selects_resource: Generated<boolean>;
  };
  organization_make: { organization_id: number; make_id: number };
  resource: {
    id: number;
    organization_id: number;
    name: string;
    selectable: Generated<boolean>;
    display_name: string | null;
  };
  service_group: {
    id: string;
    stage: string;
    kind: string;
    title: string;
    calculator_id: string | null;
    sort: Generated<number>;
  };
  product: {
    id: string;
    group_id: string;
    provider: Generated<string>;
    description: string;
    info_html: string | null;
    price_cents: number;
    normal_price_cents: number | null;
    duration_minutes: Generated<number>;
    make_id: number | null;
    min_km: number | null;
    max_km: number | null;
    image_ids: Generated<string[]>;
    sort: Generated<number>;
    active: Generated<boolean>;
    service_code: string | null;
    duration_per_unit: Generated<boolean>;
  };
  product_parameter: {
    product_id: string;
    parameter_code: string;
    type: Generated<'CHOICE'>;
    choice_values: Json;
    sort: Generated<number>;
  };
  product_additional: { product_id: string; additional_product_id: string; sort: Generated<number> };
  extra_order_item: { id: string; description: string; price_cents: number; sort: Generated<number>; active: Generated<boolean> };
  offer: {
    id: string;
    title: string;
    body: string;
    image_id: string | null;
    product_id: string;
    sort: Generated<number>;
    active: Generated<boolean>;
  };
  product_operation: { product_id: string; sort: number; description: string; spare_parts: Json };
  process: {
    token: string;
    process_type: string;
    installation_type: string;
    organization_id: number | null;
    vehicle: Json | null;
    kilometers: number | null;
    customer: Json | null;
    symptoms: Generated<Json>;
    notes: string | null;
    service_code: string | null;
    service_contract: Generated<boolean>;
    cart: Generated<Json>;
    product_parameters: Generated<Json>;
    customer_waiting: Generated<boolean>;
    vehicle_left_for_day: Generated<boolean>;
    extra_order_items: Generated<Json>;
    campaign_code: string | null;
    loyalty_account_id: number | null;
    voucher_ids: Generated<Json>;
    using_key_locker: Generated<boolean>;
    lead_date: ColumnType<string | null, string | null | undefined, string | null>;
    selected_resource_ids: Generated<Json>;
    booking_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    created_at: DefaultTimestamp;
    updated_at: DefaultTimestamp;
    expires_at: Timestamp;
    /** Hash of the client's address (migration 008). */
    client_key: ColumnType<string | null, string | null | undefined, string | null>;
    first_hold_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  booking: {
    id: ColumnType<string, never, never>;
    booking_key: string;
    process_token: string | null;
    process_type: string;
    organization_id: number;
    register_number: string;
    status: Generated<string>;
    start_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    end_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    time_selection_type: string | null;
    customer: Json;
    vehicle: Json;
    order_items: Json;
    total_cents: number;
    snapshot: Json;
    created_at: DefaultTimestamp;
    campaign_code: string | null;
    voucher_ids: Generated<Json>;
    loyalty_account_id: number | null;
    kind: Generated<'RESERVATION' | 'LEAD'>;
    lead_date: ColumnType<string | null, string | null | undefined, string | null>;
    using_key_locker: Generated<boolean>;
    customer_phone: string | null;
    /** Hash of the address the booking was saved from (migration 008). */
    client_key: Generated<string | null>;
  };
  resource_time: {
    id: ColumnType<string, never, never>;
    resource_id: number;
    during: string;
    kind: 'HOLD' | 'BOOKED';
    process_token: string | null;
    booking_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    expires_at: Timestamp | null;
  };
  email_outbox: {
    id: ColumnType<string, never, never>;
    booking_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    ics: string | null;
    file_name: string;
    status: Generated<string>;
    attempts: Generated<number>;
    last_error: string | null;
    next_attempt_at: DefaultTimestamp;
    sent_at: Timestamp | null;
    created_at: DefaultTimestamp;
  };
  media: { id: string; content_type: string; data: Uint8Array };
  tire_supplier: { id: number; name: string };
  tire: {
    product_id: string;
    supplier_id: number;
    model: string;
    tire_type: string;
    width: number;
    aspect_ratio: number;
    rim_diameter: number;
    load_index: number;
    speed_index: string;
    extra_markings: Generated<string[]>;
    stock: Generated<number>;
  };
  loyalty_account: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    firstname: string;
    lastname: string;
    phone: Generated<string>;
    email: string;
    address: Generated<string>;
    zip: Generated<string>;
    city: Generated<string>;
    confirmed: Generated<boolean>;
    confirmation_hash: string | null;
    created_at: DefaultTimestamp;
  };
  loyalty_account_brand: { account_id: number; make_id: number };
  loyalty_token: {
    token_hash: string;
    account_id: number;
    created_at: DefaultTimestamp;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
  };
  /** Failed logins and confirmation codes counted per key (migration 010). */
  login_throttle: {
    key: string;
    failures: number;
    last_failure_at: Timestamp;
    blocked_until: Timestamp | null;
    refused: Generated<boolean>;
  };
  /** A registration waiting for its e-mailed code (migration 010). */
  loyalty_registration: {
    id: ColumnType<string, never, never>;
    username: string;
    browser_hash: string;
    code_hash: string;
    password_hash: string;
    firstname: string;
    lastname: string;
    phone: Generated<string>;
    attempts: Generated<number>;
    created_at: DefaultTimestamp;
    expires_at: Timestamp;
  };
  loyalty_vehicle: {
    account_id: number;
    license: string;
    brand_name: string;
    model_name: string;
    car_type_specified: string;
    image_id: string | null;
  };
  loyalty_voucher: {
    id: string;
    account_id: number;
    title: string;
    discount_cents: number;
    valid_from: ColumnType<string, string, string>;
    valid_to: ColumnType<string, string, string>;
    used_booking_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  };
  loyalty_service_contract: {
    account_id: number;
    license: string;
    contract_type: string;
    description: string;
    valid_to: ColumnType<string, string, string>;
  };
  campaign_code: {
    code: string;
    description: string;
    percent_off: number;
    members_only: Generated<boolean>;
    active: Generated<boolean>;
  };
}
