import './symptom-form.css';
import { useEffect, useId, useState } from 'react';
import { symptomSchema } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';

export interface SymptomFormProps {
  /** The symptom saved on the booking, if any. */
  symptom: { id: number; description: string } | null;
  onSave: (description: string) => void;
  onDelete: () => void;
  disabled?: boolean;
}

/**
 * Free-text repair request (requirements §2, §5): Save is disabled while the text is empty or
 * unchanged; the field is read-only while a symptom is saved — delete it to change it.
 */
export function SymptomForm({ symptom, onSave, onDelete, disabled }: SymptomFormProps) {
  const id = useId();
  const fieldId = `${id}-symptom`;
  const noteId = `${id}-note`;
  const [text, setText] = useState(symptom?.description ?? '');

  // Follow the booking: show what was saved, and start empty after a delete.
  useEffect(() => {
    setText(symptom?.description ?? '');
  }, [symptom?.description]);

  const valid = symptomSchema.safeParse({ description: text }).success;
  const unchanged = text.trim() === (symptom?.description ?? '').trim();
  const hasSymptom = symptom !== null;

  return (
    <form
      className="symptom-form card"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !unchanged && !hasSymptom) onSave(text.trim());
      }}
    >
      <label htmlFor={fieldId} className="symptom-form__label">
        Muu korjaus/huolto tai valmistajan takaisinkutsukampanja
      </label>
      <p id={noteId} className="field__hint">
        Otamme sinuun tarvittaessa yhteyttä.
      </p>
      <textarea
        id={fieldId}
        className="input textarea"
        rows={4}
        maxLength={1000}
        value={text}
        disabled={hasSymptom || disabled}
        aria-describedby={noteId}
        placeholder="Kuvaile vika tai tarvittava työ"
        onChange={(e) => setText(e.target.value)}
      />
      <div className="symptom-form__actions">
        {hasSymptom && (
          <Button variant="secondary" onClick={onDelete} disabled={disabled}>
            Poista
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={!valid || unchanged || hasSymptom || disabled}>
          Tallenna
        </Button>
      </div>
    </form>
  );
}
