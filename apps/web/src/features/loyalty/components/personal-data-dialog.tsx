import './personal-data-dialog.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteLoyaltyUserBody, todayInHelsinki } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { PasswordField } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fieldMessage, serverMessage } from '@/lib/form-errors.ts';
import { deleteUser } from '@/features/loyalty/api/delete-user.ts';
import { getUserData } from '@/features/loyalty/api/get-user-data.ts';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';
import { notifyFailure } from './login-form-errors.ts';
import { useLoyaltyAccountName } from './loyalty-prompt.tsx';

/** A failed call's text in the dialog (its dimming covers the notification stack). */
const FAILED = 'Toiminto epäonnistui. Yritä hetken kuluttua uudelleen.';
/** The login ended (2 hours) while the dialog was open (401): the account was not touched. */
const SESSION_ENDED = 'Kirjautumisesi on päättynyt. Kirjaudu uudelleen, niin voit poistaa tilisi.';

export interface PersonalDataDialogProps {
  onClose: () => void;
}

/**
 * 'Omat tiedot' of a logged-in loyalty customer (docs/decisions/021-personal-data.md): 'Lataa
 * tietoni' saves everything held about them as one JSON file (getUserData) and lists what it
 * holds; 'Poista tili' deletes the account with its saved cars and vouchers after the password
 * is given again (deleteUser), and logs out. Bookings already made stay with the workshop.
 * Mounted while open, as its own chunk: the steps carrying the loyalty block do not load it.
 */
export function PersonalDataDialog({ onClose }: PersonalDataDialogProps) {
  const [deleted, setDeleted] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (deleted) done.current?.focus();
  }, [deleted]);

  return (
    <Modal open title="Omat tiedot" onClose={onClose} className="personal-data-dialog">
      {/* Always there, so that the deletion's confirmation is announced when it appears. */}
      <div role="status" className="personal-data__done">
        {deleted && (
          <p ref={done} tabIndex={-1} className="notice notice--success">
            Tilisi on poistettu ja sinut on kirjattu ulos.
          </p>
        )}
      </div>
      {deleted ? (
        <Button block onClick={onClose}>
          Sulje
        </Button>
      ) : (
        <>
          <DownloadSection />
          <DeleteSection onDeleted={() => setDeleted(true)} />
        </>
      )}
    </Modal>
  );
}

function DownloadSection() {
  const headingId = useId();
  const { token } = useLoyalty();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ fileName: string; summary: string[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    if (token === null) return;
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      const data = await getUserData(token);
      const fileName = `omat-tiedot-${todayInHelsinki()}.json`;
      saveJson(data, fileName);
      setSaved({ fileName, summary: data.summary });
    } catch (error) {
      notifyFailure(error);
      setFailure(serverMessage(error) ?? FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="personal-data__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="personal-data__heading">
        Lataa tietoni
      </h3>
      <p>
        Saat yhden JSON-tiedoston, jossa on kaikki, mitä sinusta on tallennettu: tilisi tiedot, tallennetut autosi ja
        etusi, varauksesi sekä sinulle lähetetyt viestit.
      </p>
      <Button variant="secondary" data-autofocus onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Ladataan…' : 'Lataa tietoni'}
      </Button>
      <div role="status">
        {saved && (
          <div className="notice notice--success personal-data__saved">
            <p>
              Tiedosto <strong>{saved.fileName}</strong> on tallennettu. Se sisältää:
            </p>
            <ul>
              {saved.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}

/** The document as a file the browser saves (a link with `download`, clicked once). */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface DeleteValues {
  password: string;
}

function DeleteSection({ onDeleted }: { onDeleted: () => void }) {
  const uid = useId();
  const headingId = `${uid}-heading`;
  const passwordId = `${uid}-password`;
  const account = useLoyaltyAccountName();
  const { token, signOut } = useLoyalty();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteValues, unknown, DeleteValues>({
    defaultValues: { password: '' },
    resolver: zodResolver(deleteLoyaltyUserBody),
  });

  const onSubmit = async (values: DeleteValues) => {
    if (token === null) return;
    setFailure(null);
    try {
      await deleteUser(token, values);
    } catch (error) {
      // A wrong password is 400 naming it: said under the field, and nothing was deleted.
      const wrongPassword = fieldMessage(error, 'password');
      if (wrongPassword) {
        setError('password', { type: 'server', message: wrongPassword }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 401) {
        setFailure(SESSION_ENDED);
      } else {
        notifyFailure(error);
        setFailure(serverMessage(error) ?? FAILED);
      }
      return;
    }
    // The server has revoked the tokens: the tab forgets its login as on 'Kirjaudu ulos'.
    await signOut();
    onDeleted();
  };

  return (
    <section className="personal-data__section" aria-labelledby={headingId}>
      <h3 id={headingId} className="personal-data__heading">
        Poista tili
      </h3>
      <p>
        Poistamme {account}si, sen tallennetut autot ja etusi. Poistoa ei voi perua. Jo tehdyt varaukset
        säilyvät korjaamolla eikä niitä peruta: korjaamo tarvitsee niitä työn tekemiseen ja kirjanpitoon.
      </p>
      <p>
        Lue lisää{' '}
        <a href={SITE_PAGES.privacy} target="_blank" rel="noopener noreferrer">
          tietosuojaselosteesta<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
        </a>
        .
      </p>
      <form className="personal-data__form" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby={headingId}>
        <PasswordField
          id={passwordId}
          label="Vahvista salasanallasi"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
        <Button type="submit" variant="danger" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Poistetaan…' : 'Poista tili pysyvästi'}
        </Button>
      </form>
    </section>
  );
}
