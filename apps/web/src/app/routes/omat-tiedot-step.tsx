import { useMemo, useState } from 'react';
import { showLoanCalculator, type Booking, type Customer } from '@huolto/domain';
import { StepPage } from '../../components/layout/step-page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notifyMessage } from '../../lib/notifications.ts';
import { useWizardState } from '../../stores/wizard-state.tsx';
import { CartTotal } from '../../features/booking/components/booking-summary.tsx';
import { CartPanel } from '../../features/booking/components/cart-panel.tsx';
import { bookingToSummary } from '../../features/booking/summary.ts';
import {
  CustomerForm,
  EMPTY_CUSTOMER,
  type CustomerFormValues,
} from '../../features/customer/components/customer-form.tsx';
import { useConfirmBooking } from '../../features/customer/hooks/use-confirm-booking.ts';
import { LoyaltyBlock } from '../../features/loyalty/components/loyalty-block.tsx';
import { useLoanSettings } from '../../features/finance/api/loan-settings.ts';
import { LoanCalculator } from '../../features/finance/components/loan-calculator.tsx';
import { useSettings } from '../../features/session/api/get-settings.ts';
import { useLoyalty } from '../../features/loyalty/loyalty-context.tsx';
import { customerPrefillOf } from '../../features/loyalty/prefill.ts';
import { useProcess } from '../process-context.tsx';
import { bookingStep, hasReservation } from './require-booking.tsx';

const FORM_ID = 'customer-form';

/** 'omat-tiedot' of every process (SPEC §2 "Customer details page"). */
export const OmatTiedotRoute = bookingStep(OmatTiedot, hasReservation, 'aika');

function OmatTiedot({ booking }: { booking: Booking }) {
  const { process, goBack, goTo } = useProcess();
  const loan = useLoanSettings(booking.organization?.id ?? null, process.type);
  const settings = useSettings();
  const wizard = useWizardState();
  const confirm = useConfirmBooking();
  const [valid, setValid] = useState(false);
  const [notes, setNotes] = useState(booking.notes ?? '');
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
        notifyMessage('saveFailed');
        return;
      }
      wizard.update({
        lastBooking: {
          ...bookingToSummary(booking),
          bookingKey: result.bookingKey ?? null,
          processType: process.type,
          email: customer.email,
        },
      });
      goTo('kiitos');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 412)) notifyMessage('saveFailed');
    }
  };

  return (
    <StepPage
      documentTitle={`Omat tiedot – ${process.title}`}
      title="Omat tiedot"
      side={
        <>
          {/* Read-only here: a cart change would release the reserved time. */}
          <CartPanel booking={booking} />
          {showLoanCalculator({
            officeSetting: loan.officeSetting,
            activePriceCents: booking.price.active_price,
            minimumPriceCents: loan.minimumPriceCents,
          }) && <LoanCalculator priceCents={booking.price.active_price} instalmentLink={settings.data?.links?.instalmentBilling} />}
        </>
      }
      nav={{
        onBack: goBack,
        continueForm: FORM_ID,
        continueLabel: 'Vahvista tilaus',
        continueDisabled: !valid || confirm.isPending,
        continueHint: valid ? undefined : 'Täytä pakolliset tiedot, niin voit vahvistaa tilauksen.',
        summary: <CartTotal total={booking.price.active_price} />,
      }}
    >
      <LoyaltyBlock intro="Kirjaudu, niin täytämme yhteystietosi valmiiksi ja jäsenetusi lasketaan tilaukseen." />
      <CustomerForm
        id={FORM_ID}
        defaultValues={defaults}
        notes={notes}
        onNotesChange={setNotes}
        onValidityChange={setValid}
        onValidSubmit={(values) => void onConfirm(values)}
        onInvalidSubmit={() => notifyMessage('invalidCustomerForm')}
        prefill={prefill}
      />
    </StepPage>
  );
}
