import { lazy, Suspense } from 'react';
import type { PersonalDataDialogProps } from './personal-data-dialog.tsx';

const PersonalDataDialog = lazy(() => import('./personal-data-dialog.tsx').then((m) => ({ default: m.PersonalDataDialog })));

/**
 * What the loyalty block loads on 'Omat tiedot': this loader, which then fetches the dialog.
 * The block's own chunk, carried by the vehicle and details steps, names every module a
 * chunk it imports needs; this one needs only React, which it names already, while the dialog
 * needs the forms and the schemas (some 60 bytes of gzip more on the details step, at its budget).
 * The default export for the same reason.
 */
export default function PersonalDataDialogLoader(props: PersonalDataDialogProps) {
  return (
    <Suspense fallback={null}>
      <PersonalDataDialog {...props} />
    </Suspense>
  );
}
