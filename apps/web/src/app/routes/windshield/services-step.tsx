import './services-step.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  EMPTY_REPAIR_FORM,
  EMPTY_REPLACEMENT_FORM,
  FIELD_ERRORS,
  MESSAGES,
  QUOTE_PRICE_TEXT,
  WINDSHIELD_BOOKING_TYPES,
  WINDSHIELD_BOOKING_TYPE_LABELS,
  WINDSHIELD_PRODUCTS,
  formatEuros,
  formatPrice,
  totalPriceDisplay,
  repairFormSchema,
  replacementFormSchema,
  type Booking,
  type WindshieldBookingType,
  type WindshieldServiceType,
} from '@huolto/domain';
import { StepPage, StepSection } from '@/components/layout/step-page.tsx';
import { SkeletonList } from '@/components/ui/spinner.tsx';
import { queryKeys } from '@/lib/query-keys.ts';
import { pushEvent } from '@/lib/analytics.ts';
import { useWizardState, type WindshieldDraft } from '@/stores/wizard-state.tsx';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { addProductsToCart } from '@/features/services/api/add-products-to-cart.ts';
import { removeProductsFromCart } from '@/features/services/api/remove-products-from-cart.ts';
import { useWindshieldProducts } from '@/features/windshield/api/get-windshield-products.ts';
import { setWindshieldBookingType } from '@/features/windshield/api/set-booking-type.ts';
import { windshieldCartPlan } from '@/features/windshield/cart-plan.ts';
import { RepairFormFields, ReplacementFormFields } from '@/features/windshield/components/windshield-forms.tsx';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasVehicle } from '@/app/routes/require-booking.tsx';
import { OrganizationSection } from '@/app/routes/organization-section.tsx';

/**
 * The first control of a field that shows an error: a refused select or text field, the
 * first radio of a refused choice, or of the booking type when none is chosen.
 */
const FIRST_MISSING = [
  '[aria-invalid="true"]:is(input, select, textarea)',
  'fieldset:has(> .field__error) input',
  '[role="radiogroup"][aria-invalid="true"] input',
].join(', ');

const EMPTY: WindshieldDraft = { type: null, repair: EMPTY_REPAIR_FORM, replacement: EMPTY_REPLACEMENT_FORM, bookingType: null };

const TYPE_LABELS: Record<WindshieldServiceType, { title: string; text: string }> = {
  REPAIR: { title: 'Korjaus', text: 'Kiveniskemän korjaus, kun vaurio on pienempi kuin 2 cm.' },
  REPLACEMENT: { title: 'Vaihto', text: 'Tuulilasin vaihto, kun lasi on haljennut tai vaurio on suuri.' },
};

/** What each way of booking a replacement means, under its name. */
const BOOKING_TYPE_TEXTS: Record<WindshieldBookingType, string> = {
  RESERVE_TIME: 'Valitse vapaa aika kalenterista. Vaihto kestää noin kolme tuntia.',
  LEAD: 'Lähetämme hintatarjouksen autosi lasista ja sovimme ajan kanssasi. Valitse seuraavaksi toivottu päivä.',
};

/** '/proautolasi/palvelut' (requirements §2 "Windshield page"). */
export const WindshieldServicesStepRoute = bookingStep(WindshieldServicesStep, hasVehicle, 'ajoneuvo');

function WindshieldServicesStep({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  const queryClient = useQueryClient();
  const wizard = useWizardState();
  const organizationId = booking.organization?.id ?? null;
  const products = useWindshieldProducts(organizationId);
  const draft = wizard.windshield ?? EMPTY;
  const [showErrors, setShowErrors] = useState(false);
  /** The customer changed the form and then left it: the warning may show from then on. */
  const [touched, setTouched] = useState(false);
  const edited = useRef(false);
  /** Set by a try to continue: once the errors are shown, the first missing field takes the focus. */
  const [focusMissing, setFocusMissing] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const [syncing, setSyncing] = useState(false);
  const { update } = wizard;
  const save = (next: WindshieldDraft) => update({ windshield: next });
  const saveEdit = (next: WindshieldDraft) => {
    edited.current = true;
    save(next);
  };

  const formValid =
    draft.type === 'REPAIR'
      ? repairFormSchema.safeParse(draft.repair).success
      : draft.type === 'REPLACEMENT' && replacementFormSchema.safeParse(draft.replacement).success;
  const needsBookingType = draft.type === 'REPLACEMENT';
  const complete = formValid && (!needsBookingType || draft.bookingType !== null);

  // Once the form is valid the cart follows it (requirements §4 "Windshield"), a moment after the last change.
  const plan = products.data
    ? windshieldCartPlan(draft.type, draft.repair, draft.replacement, products.data, booking.order_items)
    : null;
  const planKey = plan ? JSON.stringify(plan) : null;
  const running = useRef<string | null>(null);
  useEffect(() => {
    if (!plan || !planKey || running.current === planKey) return;
    const timer = window.setTimeout(() => {
      running.current = planKey;
      setSyncing(true);
      void (async () => {
        try {
          if (plan.remove.length > 0) await removeProductsFromCart({ items: plan.remove, stage: 'DEFAULT' });
          if (plan.add) {
            await addProductsToCart({ items: [plan.add], stage: 'DEFAULT' });
            pushEvent({ event: 'add_to_cart', productId: plan.add.productId });
          }
        } finally {
          await queryClient.invalidateQueries({ queryKey: queryKeys.allBooking });
          running.current = null;
          setSyncing(false);
        }
      })();
    }, 400);
    return () => window.clearTimeout(timer);
  }, [plan, planKey, queryClient]);

  // A repair always reserves a time; a replacement as the customer chose.
  const chooseBookingType = (bookingType: WindshieldBookingType) => {
    saveEdit({ ...draft, bookingType });
    void setWindshieldBookingType(bookingType).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }));
  };
  const chooseType = (type: WindshieldServiceType) => {
    if (type === draft.type) return;
    // Switching between repair and replacement resets both forms (requirements §4), and the warning with them.
    setShowErrors(false);
    setTouched(false);
    edited.current = false;
    save({ ...EMPTY, type, bookingType: type === 'REPAIR' ? 'RESERVE_TIME' : null });
    if (type === 'REPAIR') void setWindshieldBookingType('RESERVE_TIME');
  };

  const price = (id: string) => products.data?.find((p) => p.id === id);
  const changeProduct = price(WINDSHIELD_PRODUCTS.change);
  const bookingTypeId = useId();
  const inCart = booking.order_items.some((l) =>
    draft.type === 'REPAIR'
      ? l.product.id === WINDSHIELD_PRODUCTS.repair || l.product.id === WINDSHIELD_PRODUCTS.insuranceRepair
      : l.product.id === WINDSHIELD_PRODUCTS.change,
  );
  const canContinue = organizationId !== null && complete && inCart && !syncing && plan === null;
  // Continue pressed while the cart is still catching up with the form: go on once it has.
  const [continueAsked, setContinueAsked] = useState(false);
  useEffect(() => {
    if (continueAsked && canContinue) goNext();
  }, [continueAsked, canContinue, goNext]);
  useEffect(() => {
    if (!complete) setContinueAsked(false);
  }, [complete]);
  // After a try to continue, the first field still missing takes the focus, shown with its
  // question in the middle of the screen (not under a phone's sticky bar at the bottom).
  useEffect(() => {
    if (focusMissing === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>(FIRST_MISSING);
    if (!field) return;
    field.focus({ preventScroll: true });
    (field.closest<HTMLElement>('fieldset, [role="radiogroup"], .field') ?? field).scrollIntoView({ block: 'center' });
  }, [focusMissing]);
  const warn = draft.type !== null && !complete && (showErrors || touched);

  return (
    <StepPage
      documentTitle={`Palvelut – ${process.title}`}
      title="Tuulilasin korjaus tai vaihto"
      side={<CartPanel booking={booking} busy={syncing} />}
      nav={{
        onBack: goBack,
        onContinue: () => {
          if (!complete) {
            setShowErrors(true);
            setFocusMissing((n) => n + 1);
            return;
          }
          if (canContinue) goNext();
          else setContinueAsked(true);
        },
        continueDisabled: organizationId === null || draft.type === null || syncing,
        continueHint: organizationId === null ? 'Valitse toimipiste.' : 'Valitse korjaus tai vaihto.',
        summary: <CartTotal total={booking.price.active_price} display={totalPriceDisplay(booking)} />,
      }}
    >
      <OrganizationSection id="ws-office-heading" organizationId={organizationId} splitBrandDealers={false} />

      {organizationId !== null && (
        <StepSection id="ws-type-heading" number={2} title="Korjaus vai vaihto?">
          <div
            ref={formRef}
            className="windshield-choice"
            onBlur={(e) => {
              // Leaving the form after changing it counts as touching it; moving between its fields does not.
              const next = e.relatedTarget;
              if (edited.current && next instanceof Node && !e.currentTarget.contains(next)) setTouched(true);
            }}
          >
            {products.isPending ? (
              <SkeletonList rows={2} label="Ladataan palveluita…" />
            ) : (
              <fieldset className="choice choice--cards">
                <legend className="visually-hidden">Palvelu</legend>
                {(['REPAIR', 'REPLACEMENT'] as const).map((type) => {
                  const p = price(type === 'REPAIR' ? WINDSHIELD_PRODUCTS.repair : WINDSHIELD_PRODUCTS.change);
                  return (
                    <label key={type} className={`radio-card radio-card--tall${draft.type === type ? ' radio-card--selected' : ''}`}>
                      <input
                        type="radio"
                        className="radio"
                        name="windshield-type"
                        checked={draft.type === type}
                        onChange={() => chooseType(type)}
                      />
                      <span>
                        <strong>{TYPE_LABELS[type].title}</strong>
                        <span className="radio-card__text">{TYPE_LABELS[type].text}</span>
                        {p && (
                          <span className="radio-card__price">
                            {p.from_price ? formatPrice(p.price, 'from') : `${formatEuros(p.price)} / kohta`}
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            )}

            {draft.type === 'REPAIR' && (
              <>
                <p className="muted">Kiveniskemän korjaus on usein maksuton, kun vakuutuksesi korvaa sen.</p>
                <RepairFormFields value={draft.repair} onChange={(repair) => saveEdit({ ...draft, repair })} showErrors={showErrors} />
              </>
            )}
            {draft.type === 'REPLACEMENT' && (
              <>
                <ReplacementFormFields
                  value={draft.replacement}
                  onChange={(replacement) => saveEdit({ ...draft, replacement })}
                  showErrors={showErrors}
                />
                <section className="booking-type card" aria-labelledby="ws-booking-type">
                  <h3 id="ws-booking-type" className="card__title">
                    Ajanvaraus vai hintatarjous?
                  </h3>
                  {/* Native radios: arrow keys move the choice, the screen reader says "1 of 2". */}
                  <div
                    className="choice--cards"
                    role="radiogroup"
                    aria-labelledby="ws-booking-type"
                    aria-required="true"
                    aria-invalid={showErrors && draft.bookingType === null ? true : undefined}
                    aria-describedby={showErrors && draft.bookingType === null ? `${bookingTypeId}-error` : undefined}
                  >
                    {WINDSHIELD_BOOKING_TYPES.map((t) => (
                      <label
                        key={t}
                        className={`radio-card radio-card--tall${draft.bookingType === t ? ' radio-card--selected' : ''}`}
                      >
                        <input
                          type="radio"
                          className="radio"
                          name="windshield-booking-type"
                          value={t}
                          checked={draft.bookingType === t}
                          onChange={() => chooseBookingType(t)}
                          aria-labelledby={`${bookingTypeId}-${t}`}
                          aria-describedby={`${bookingTypeId}-${t}-text`}
                        />
                        <span>
                          <strong id={`${bookingTypeId}-${t}`}>{WINDSHIELD_BOOKING_TYPE_LABELS[t]}</strong>
                          <span className="radio-card__text" id={`${bookingTypeId}-${t}-text`}>
                            {BOOKING_TYPE_TEXTS[t]}{' '}
                            <span className="radio-card__price">
                              {t === 'LEAD' ? QUOTE_PRICE_TEXT : changeProduct ? formatPrice(changeProduct.price, 'from') : null}
                            </span>
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {showErrors && draft.bookingType === null && (
                    <p className="field__error" id={`${bookingTypeId}-error`}>
                      {FIELD_ERRORS.required}
                    </p>
                  )}
                  {draft.bookingType && (
                    <p className="booking-type__chosen">
                      Valintasi: <strong>{WINDSHIELD_BOOKING_TYPE_LABELS[draft.bookingType]}</strong>{' '}
                      <button
                        type="button"
                        className="link-button"
                        onClick={() =>
                          document.querySelector<HTMLInputElement>('input[name="windshield-booking-type"]:checked')?.focus()
                        }
                      >
                        Vaihda
                      </button>
                    </p>
                  )}
                </section>
                <div className="notice" role="note">
                  <p>
                    Liiman on kuivuttava vaihdon jälkeen: jos työ valmistuu ennen klo 12, auto on noudettavissa samana päivänä klo
                    15.00 jälkeen, muuten seuraavana päivänä.
                  </p>
                </div>
              </>
            )}
            {warn && (
              <div className="notice notice--warning" role="status">
                <p>{MESSAGES.windshieldIncomplete.text}</p>
              </div>
            )}
          </div>
        </StepSection>
      )}
    </StepPage>
  );
}
