import './customer-step.css';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Booking, Customer } from '@huolto/domain';
import { StepPage } from '@/components/layout/step-page.tsx';
import { notify, notifyMessage } from '@/lib/notifications.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import { CartTotal } from '@/features/booking/components/booking-summary.tsx';
import { CartPanel } from '@/features/booking/components/cart-panel.tsx';
import { bookingToSummary } from '@/features/booking/summary.ts';
import {
  CustomerForm,
  EMPTY_CUSTOMER,
  problemsText,
  type CustomerFormValues,
  type FormProblems,
} from '@/features/customer/components/customer-form.tsx';
import { clearCustomerDraft, loadCustomerDraft } from '@/features/customer/customer-draft.ts';
import { useConfirmBooking } from '@/features/customer/hooks/use-confirm-booking.ts';
import { savedBookingOf } from '@/features/customer/api/save-booking.ts';
import { saveFailureText } from '@/features/customer/save-failure.ts';
import { LoyaltyBlock } from '@/features/loyalty/components/loyalty-block.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';
import { customerPrefillOf } from '@/features/loyalty/prefill.ts';
import { useProcess } from '@/app/process-context.tsx';
import { bookingStep, hasReservation } from './require-booking.tsx';

const FORM_ID = 'customer-form';

/** Shown for some offices and prices only (requirements §2 loan calculator): a chunk of its own. */
const CustomerLoanCalculator = lazy(() => import('./customer-loan-calculator.tsx').then((m) => ({ default: m.CustomerLoanCalculator })));
// Loaded beside the step, not in it: the code's form keeps the step within its budget (scripts/check-web-budget.mjs).
const CampaignCodeField = lazy(() => import('@/features/loyalty/components/campaign-code-field.tsx').then((m) => ({ default: m.CampaignCodeField })));

/** Shown with the total: the prices include Finnish VAT (general rate 25.5 % since 1.9.2024). */
const vatNote = <p className="customer-step__vat">hinnat sis. alv 25,5 %</p>;

/** 'omat-tiedot' of every process (requirements §2 "Customer details page"). */
export const CustomerStepRoute = bookingStep(CustomerStep, hasReservation, 'aika');

function CustomerStep({ booking }: { booking: Booking }) {
  const { process, goBack, goTo } = useProcess();
  const settings = useSettings();
  const wizard = useWizardState();
  const { token } = useProcessSession();
  const confirm = useConfirmBooking();
  const [valid, setValid] = useState(false);
  const [problems, setProblems] = useState<FormProblems | null>(null);
  // The notes typed before a reload come back from the form's draft.
  const [notes, setNotes] = useState(() => (token && loadCustomerDraft(token)?.notes) ?? booking.notes ?? '');
  const { account } = useLoyalty();
  const prefill = useMemo(() => (account ? customerPrefillOf(account) : null), [account]);

  const c = booking.customer;
  const defaults = c
    ? {
        first_name: c.first_name,
        last_name: c.last_name,
        phone_number: c.phone_number,
        email: c.email,
        address: c.address ?? '',
        post_code: c.post_code ?? '',
        post_office: c.post_office ?? '',
      }
    : EMPTY_CUSTOMER;

  const onConfirm = async (values: CustomerFormValues) => {
    const customer: Customer = {
      ...values,
      preferred_contact_method: 'EMAIL',
      company_name: null,
      customer_type: null,
      direct_marketing_allowed: false,
      service_contract: wizard.serviceContract,
    };
    try {
      const result = await confirm.mutateAsync({ customer, notes });
      if (result.responseCode !== 'SUCCESS') {
        notify('ERROR', saveFailureText(result)!);
        return;
      }
      clearCustomerDraft();
      wizard.update({
        lastBooking: {
          ...bookingToSummary(booking),
          ...savedBookingOf(result),
          processType: process.type,
          email: customer.email,
        },
      });
      goTo('kiitos');
    } catch (err) {
      const text = saveFailureText(err);
      if (text) notify('ERROR', text);
    }
  };

  return (
    <StepPage
      documentTitle={`Omat tiedot – ${process.title}`}
      // The same words as the thanks page: a time is booked ('Aikasi on varattu'), a request sent.
      title={booking.lead_mode ? 'Lähetä palvelupyyntösi' : 'Vahvista ajanvarauksesi'}
      className="page--customer"
      side={
        <>
          {/* Read-only here: a cart change would release the reserved time. */}
          <CartPanel booking={booking} />
          {vatNote}
          <Suspense fallback={null}>
            <CustomerLoanCalculator
              organizationId={booking.organization?.id ?? null}
              processType={process.type}
              priceCents={booking.price.active_price}
              instalmentLink={settings.data?.links?.instalmentBilling}
            />
          </Suspense>
        </>
      }
      nav={{
        onBack: goBack,
        continueForm: FORM_ID,
        continueLabel: 'Vahvista tilaus',
        continueDisabled: !valid || confirm.isPending,
        // What is still missing, by name: a disabled button alone reads as broken.
        continueHint: valid ? undefined : ((problems && problemsText(problems)) ?? 'Täytä pakolliset tiedot.'),
        summary: (
          <>
            <CartTotal total={booking.price.active_price} />
            {vatNote}
          </>
        ),
      }}
    >
      {/* Short, so that on a phone the form's first field is in view on arrival. */}
      <LoyaltyBlock intro="Kirjaudu, niin täytämme yhteystietosi valmiiksi." />
      <CustomerForm
        id={FORM_ID}
        defaultValues={defaults}
        notes={notes}
        onNotesChange={setNotes}
        onValidityChange={setValid}
        onProblemsChange={setProblems}
        onValidSubmit={(values) => void onConfirm(values)}
        onInvalidSubmit={() => notifyMessage('invalidCustomerForm')}
        prefill={prefill}
        draftToken={token}
      />
      {/* A code of the customer's own, folded; a logged-in member's booking has the members' code. */}
      <Suspense fallback={null}>
        <CampaignCodeField booking={booking} />
      </Suspense>
    </StepPage>
  );
}
