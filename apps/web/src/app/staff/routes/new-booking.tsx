import { useParams, useSearchParams } from 'react-router';
import { OFFICE_PROCESS_LABELS, todayInHelsinki, type DeskChannel, type StaffBookingDetail } from '@huolto/domain';
import { useBooking } from '@/features/staff/api/get-booking.ts';
import { NewBookingForm, isDeskProcessType, type DeskInitial } from '@/features/staff/components/desk/new-booking-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';
import { validDate, validId } from '@/features/staff/format.ts';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/** 'HH:mm' or 'HH:mm:ss' from the address as the times' 'HH:mm:ss'; null for anything else. */
function validTime(value: string | null): string | null {
  if (value === null || !/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)) return null;
  return value.length === 5 ? `${value}:00` : value;
}

/**
 * What the form starts from: the address's day, start and channel, and an earlier booking's work,
 * car, customer and lines (work the desk does not book starts as maintenance, without its lines).
 */
function initialOf(params: URLSearchParams, from: StaffBookingDetail | null): DeskInitial {
  const today = todayInHelsinki();
  const channel: DeskChannel = params.get('kanava') === 'COUNTER' ? 'COUNTER' : 'PHONE';
  const asked = validDate(params.get('paiva') ?? undefined);
  const date = channel === 'COUNTER' ? today : asked !== null && asked >= today ? asked : today;
  const time = validTime(params.get('klo'));
  const resourceId = validId(params.get('resurssi') ?? undefined);
  const c = from?.customer;
  const v = from?.vehicle;
  const sameWork = !from || isDeskProcessType(from.processType);
  return {
    channel,
    processType: from && isDeskProcessType(from.processType) ? from.processType : 'MAINTENANCE',
    processNote: sameWork ? null : `Aiempi varaus oli ${OFFICE_PROCESS_LABELS[from.processType]}; valitse palvelut`,
    date,
    start: time !== null && resourceId !== null ? { resourceId, time } : null,
    vehicle: {
      registerNumber: v?.registerNumber ?? '',
      make: v?.make ?? '',
      model: v?.model ?? '',
      kilometers: v?.kilometers !== null && v?.kilometers !== undefined ? String(v.kilometers) : '',
    },
    customer: {
      first_name: c?.firstname ?? '',
      last_name: c?.lastname ?? '',
      phone_number: c?.phone ?? '',
      email: c?.email ?? '',
      address: c?.address ?? '',
      post_code: c?.postCode ?? '',
      post_office: c?.city ?? '',
    },
    items: (sameWork ? (from?.items ?? []) : []).map((i) => ({ productId: i.productId, name: i.name })),
  };
}

/**
 * /hallinta/uusi-varaus/:officeId — a booking made at the desk for a customer on the phone or at
 * the counter; `?paiva&klo&resurssi` from an empty time on the day grid, `?kanava=COUNTER` for a
 * walk-in, `?uudelleen=<id>` to book an earlier booking's car and work again.
 */
export function NewBookingPage() {
  const { officeId: param } = useParams();
  const [params] = useSearchParams();
  const { me } = useStaff();
  const officeId = validId(param);
  const office = me?.offices.find((o) => o.id === officeId);
  const fromId = validId(params.get('uudelleen') ?? undefined);
  const from = useBooking(fromId ?? 0, fromId !== null);

  let body;
  if (officeId === null || !office) {
    body = <p>Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.</p>;
  } else if (fromId !== null && from.isPending) {
    body = <p className="staff-loading">Haetaan aiempaa varausta…</p>;
  } else if (fromId !== null && from.isError) {
    body = <LoadError error={from.error} message={messageOf(from.error)} onRetry={() => void from.refetch()} />;
  } else {
    const earlier = fromId !== null ? (from.data ?? null) : null;
    body = (
      <>
        {earlier && (
          <p className="notice">
            Varataan uudelleen varauksen {earlier.bookingKey} auto, asiakas ja palvelut. Hinnat ovat nykyiset.
          </p>
        )}
        {/* A new address (another day pressed, another booking) starts the form again. */}
        <NewBookingForm key={`${officeId}?${params.toString()}`} officeId={officeId} initial={initialOf(params, earlier)} />
      </>
    );
  }

  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Uusi varaus">
        Uusi varaus
        {office && <OfficeName name={office.name} />}
      </StaffPageTitle>
      {body}
    </div>
  );
}
