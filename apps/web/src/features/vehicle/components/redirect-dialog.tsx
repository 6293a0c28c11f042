import { useEffect, useRef, useState } from 'react';
import { redirectForm, type RedirectSettings } from '@huolto/domain';
import { Modal } from '@/components/ui/modal.tsx';
import { Button } from '@/components/ui/button.tsx';

export interface RedirectDialogProps {
  settings: RedirectSettings;
  make: string;
  registerNumber: string;
  kilometers: number | null;
  /** The customer chose to stay and book here after all. */
  onStay: () => void;
}

/**
 * The redirect popup (requirements §2, §4): shows the make's message and, after redirectDelay
 * seconds, posts the car's details to the make's own booking site — bmw and mini get
 * license and mileage in thousands, kia and mitsubishi vrm and mileage, others
 * registerNumber and kilometers. The customer may go at once or stay.
 */
export function RedirectDialog({ settings, make, registerNumber, kilometers, onStay }: RedirectDialogProps) {
  const form = redirectForm(settings, make, registerNumber, kilometers);
  const formRef = useRef<HTMLFormElement>(null);
  const [left, setLeft] = useState(Math.max(0, Math.round(settings.redirectDelay)));

  useEffect(() => {
    if (left <= 0) {
      formRef.current?.submit();
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  return (
    <Modal open title="Siirrymme merkin omaan ajanvaraukseen" onClose={onStay}>
      <p>{settings.redirectMessage}</p>
      <p className="muted" aria-live="polite">
        {left > 0 ? `Siirtyminen ${left} sekunnin kuluttua…` : 'Siirrytään…'}
      </p>
      <form ref={formRef} method={form.method} action={form.action} className="dialog__actions">
        {Object.entries(form.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button variant="secondary" onClick={onStay}>
          Jää tälle sivulle
        </Button>
        <Button type="submit" variant="primary" data-autofocus>
          Siirry nyt
        </Button>
      </form>
    </Modal>
  );
}
