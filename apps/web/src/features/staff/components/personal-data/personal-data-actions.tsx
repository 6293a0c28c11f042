import { useId, useState } from 'react';
import { UPCOMING_BOOKINGS_MESSAGE, todayInHelsinki, type PersonalDataErasure, type PersonalDataFound } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { useErasePersonalData } from '@/features/staff/api/erase-personal-data.ts';
import { personalDataFileName, saveJsonFile, useExportPersonalData } from '@/features/staff/api/export-personal-data.ts';
import type { PersonalDataQueryValues } from '@/features/staff/api/search-personal-data.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { foundCounts, recordCounts } from './personal-data-counts.ts';

/**
 * 'Lataa tiedot' saves everything held about the person as one JSON file; 'Poista
 * henkilötiedot' erases it after a confirmation, refused while bookings are ahead.
 */
export function PersonalDataActions({
  query,
  found,
  onErased,
}: {
  query: PersonalDataQueryValues;
  found: PersonalDataFound;
  onErased: (erased: PersonalDataErasure) => void;
}) {
  const uid = useId();
  const blockedId = `${uid}-blocked`;
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const download = useExportPersonalData();
  const erase = useErasePersonalData();
  const blocked = found.upcoming > 0;

  async function onDownload() {
    setProblem(null);
    setSaved('');
    try {
      const document = await download.mutateAsync(query);
      const fileName = personalDataFileName(todayInHelsinki());
      saveJsonFile(document, fileName);
      setSaved(`Tiedot ladattu tiedostoon ${fileName}.`);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      // The document is not kept in the page once saved.
      download.reset();
    }
  }

  // mutateAsync: once erased, the page no longer shows this part, and mutate's callbacks would not run.
  async function onConfirm() {
    if (erase.isPending) return;
    setProblem(null);
    try {
      const erased = await erase.mutateAsync(query);
      setOpen(false);
      onErased(erased);
    } catch (error) {
      setOpen(false);
      setProblem(messageOf(error));
    }
  }

  return (
    <section className="card form-stack personal-data__actions" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="card__title">
        Pyynnön käsittely
      </h2>
      <div className="personal-data__action">
        <p className="muted">Kaikki henkilöstä tallennettu yhtenä JSON-tiedostona, alussa yhteenveto suomeksi. Anna tiedosto henkilölle turvallisesti.</p>
        <div className="actions">
          <Button variant="secondary" onClick={() => void onDownload()} disabled={download.isPending}>
            Lataa tiedot
          </Button>
        </div>
        <p className="personal-data__saved" role="status">
          {saved}
        </p>
      </div>
      <div className="personal-data__action">
        {blocked ? (
          <p className="notice notice--warning" id={blockedId}>
            {UPCOMING_BOOKINGS_MESSAGE} Tulevia varauksia: {found.upcoming}. Avaa varaus yllä olevasta listasta ja peru se, ja hae sitten tiedot uudelleen.
          </p>
        ) : (
          <p className="muted">Poistaa henkilön tiedot varauksista, viesteistä ja palautteista sekä kanta-asiakastilit. Poistoa ei voi perua.</p>
        )}
        <div className="actions">
          <Button variant="danger" onClick={() => setOpen(true)} disabled={blocked || erase.isPending} aria-describedby={blocked ? blockedId : undefined}>
            Poista henkilötiedot
          </Button>
        </div>
      </div>
      <ProblemNotice message={problem} />
      <ConfirmDialog
        open={open}
        title="Poistetaanko henkilötiedot?"
        confirmLabel="Poista pysyvästi"
        cancelLabel="Älä poista"
        destructive
        onConfirm={() => void onConfirm()}
        onCancel={() => setOpen(false)}
      >
        <p>Poistettavana: {recordCounts(foundCounts(found))}.</p>
        <ul>
          <li>
            Varauksista poistetaan asiakkaan nimi, yhteystiedot, rekisterinumero, lisätiedot ja muistiinpanot. Toimipiste, ajat, palvelut ja hinnat
            jäävät tilastoihin.
          </li>
          <li>Kanta-asiakastilit poistetaan.</li>
          <li>
            Lähetetyistä viesteistä poistetaan sisältö ja vastaanottaja, palautteista teksti. Vielä lähtemässä olevat viestit (kuten ilmoitus
            perumisesta) lähetetään ensin ja tyhjennetään sen jälkeen.
          </li>
        </ul>
        <p>
          <strong>Poistoa ei voi perua.</strong> Lataa tiedot ensin, jos henkilö on pyytänyt ne itselleen.
        </p>
      </ConfirmDialog>
    </section>
  );
}
