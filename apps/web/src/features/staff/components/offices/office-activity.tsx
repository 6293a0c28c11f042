import './offices.css';
import { useState } from 'react';
import type { FutureBooking, OfficeDetails } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { useActivateOffice } from '@/features/staff/api/activate-office.ts';
import { useDeactivateOffice } from '@/features/staff/api/deactivate-office.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { FutureBookingList } from './future-bookings.tsx';

/**
 * 'Toimipisteen tila' (admins): the office taken out of use or back into it, each after a
 * confirmation; after deactivating, the bookings still to come are listed for staff to handle.
 */
export function OfficeActivity({ office, announce }: { office: OfficeDetails; announce: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [left, setLeft] = useState<FutureBooking[] | null>(null);
  const deactivate = useDeactivateOffice(office.id);
  const activate = useActivateOffice(office.id);
  const failed = deactivate.error ?? activate.error;

  const confirm = () => {
    setConfirming(false);
    if (office.active) {
      deactivate.mutate(undefined, {
        onSuccess: ({ futureBookings }) => {
          setLeft(futureBookings);
          announce(`Toimipiste poistettu käytöstä. Tulevia varauksia: ${futureBookings.length}`);
        },
      });
    } else {
      activate.mutate(undefined, {
        onSuccess: () => {
          setLeft(null);
          announce('Toimipiste otettu käyttöön');
        },
      });
    }
  };

  return (
    <section className="card form-stack" aria-labelledby="office-activity-heading">
      <h2 id="office-activity-heading" className="card__title">
        Toimipisteen tila
      </h2>
      <p>
        {office.active
          ? 'Toimipiste on käytössä: asiakkaat voivat varata siihen aikoja.'
          : 'Toimipiste on poistettu käytöstä: se ei näy asiakkaille eikä ota uusia varauksia.'}
      </p>
      <div className="actions">
        <Button
          variant={office.active ? 'danger' : 'secondary'}
          disabled={deactivate.isPending || activate.isPending}
          onClick={() => setConfirming(true)}
        >
          {office.active ? 'Poista toimipiste käytöstä' : 'Ota toimipiste käyttöön'}
        </Button>
      </div>
      <ProblemNotice message={failed ? messageOf(failed) : null} />
      {left !== null && (
        <div className="office-activity__left">
          <h3 className="office-activity__subtitle">Tulevat varaukset</h3>
          {left.length === 0 ? (
            <p>Toimipisteellä ei ole tulevia varauksia.</p>
          ) : (
            <>
              <p>Varaukset säilyvät. Siirrä tai peru ne ja ilmoita asiakkaalle:</p>
              <FutureBookingList bookings={left} />
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={office.active ? `Poistetaanko ${office.name} käytöstä?` : `Otetaanko ${office.name} käyttöön?`}
        confirmLabel={office.active ? 'Poista käytöstä' : 'Ota käyttöön'}
        destructive={office.active}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        {office.active ? (
          <p>
            Toimipiste poistuu heti asiakkaiden listoilta eikä ota uusia varauksia. Sen varaukset säilyvät, ja tulevat varaukset
            näytetään käsiteltäviksi.
          </p>
        ) : (
          <p>Toimipiste tulee asiakkaiden listoille ja ottaa taas varauksia.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
