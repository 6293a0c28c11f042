import './customer-form.css';
import { useEffect, useId, useRef, useState, type HTMLAttributes } from 'react';
import { useForm, type SubmitErrorHandler } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { customerFormSchema, type CustomerForm as CustomerFormInput } from '@huolto/domain';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { getProcessToken, subscribeProcessSession } from '@/lib/process-session.ts';
import { clearCustomerDraft, loadCustomerDraft, saveCustomerDraft, type CustomerDraft } from '@/features/customer/customer-draft.ts';

/** The form's values after validation (trimmed, defaults applied). */
export type CustomerFormValues = ReturnType<typeof customerFormSchema.parse>;

export const EMPTY_CUSTOMER: CustomerFormInput = {
  first_name: '',
  last_name: '',
  phone_number: '',
  email: '',
  address: '',
  post_code: '',
  post_office: '',
};

type FieldName = keyof CustomerFormInput;

interface FieldSpec {
  name: FieldName;
  label: string;
  required: boolean;
  type?: string;
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength: number;
  wide?: boolean;
}

/** docs/glossary.md "customer form", with the browser's autofill names. */
const FIELDS: FieldSpec[] = [
  { name: 'first_name', label: 'Etunimi', required: true, autoComplete: 'given-name', maxLength: 100 },
  { name: 'last_name', label: 'Sukunimi', required: true, autoComplete: 'family-name', maxLength: 100 },
  { name: 'phone_number', label: 'Puhelinnumero', required: true, type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 30 },
  { name: 'email', label: 'Sähköposti', required: true, type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 },
  { name: 'address', label: 'Katuosoite', required: false, autoComplete: 'street-address', maxLength: 200, wide: true },
  { name: 'post_code', label: 'Postinumero', required: false, autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 },
  { name: 'post_office', label: 'Postitoimipaikka', required: false, autoComplete: 'address-level2', maxLength: 100 },
];

/** What keeps the form from being confirmed, by the fields' labels in their order. */
export interface FormProblems {
  /** Required fields left empty. */
  empty: string[];
  /** Fields filled in but refused (an e-mail without '@', a phone number with letters). */
  invalid: string[];
}

/** The problems of the form's values now, as the shared schema sees them. */
export function formProblems(values: Partial<CustomerFormInput>): FormProblems {
  const r = customerFormSchema.safeParse(values);
  const bad = new Set(r.success ? [] : r.error.issues.map((i) => String(i.path[0])));
  const fields = FIELDS.filter((f) => bad.has(f.name));
  const isEmpty = (f: FieldSpec) => !values[f.name]?.trim();
  return {
    empty: fields.filter((f) => f.required && isEmpty(f)).map((f) => f.label),
    invalid: fields.filter((f) => !(f.required && isEmpty(f))).map((f) => f.label),
  };
}

/** 'etunimi, sukunimi ja sähköposti'. */
function listText(labels: string[]): string {
  const words = labels.map((l) => l.toLowerCase());
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ja ${words.at(-1)}`;
}

/** 'Täytä vielä etunimi ja sähköposti.', 'Tarkista sähköposti.'; null when nothing is missing. */
export function problemsText(p: FormProblems): string | null {
  const parts = [p.empty.length > 0 ? `Täytä vielä ${listText(p.empty)}.` : null, p.invalid.length > 0 ? `Tarkista ${listText(p.invalid)}.` : null];
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? null : text;
}

export interface CustomerFormProps {
  /** id of the <form>, so that the confirm button in the step bar can submit it. */
  id: string;
  defaultValues: CustomerFormInput;
  notes: string;
  onNotesChange: (notes: string) => void;
  onValidityChange: (valid: boolean) => void;
  /** What is missing or refused now, for the confirm button's hint (formProblems). */
  onProblemsChange?: (problems: FormProblems) => void;
  onValidSubmit: (values: CustomerFormValues) => void;
  onInvalidSubmit: () => void;
  /**
   * Details to fill in from elsewhere (the loyalty account, requirements §6): only fields that
   * are still empty get them, so nothing the customer typed is overwritten.
   */
  prefill?: Partial<CustomerFormInput> | null;
  /**
   * The booking process token: what the customer types is kept as a draft of this process
   * in sessionStorage and comes back after a reload (the step clears it once saved, and
   * takes the draft's notes, which it owns, with loadCustomerDraft). Without a token
   * nothing is kept.
   */
  draftToken?: string | null;
}

/** The prefill values for the fields that are empty now (blank counts as empty). */
export function fillEmptyFields(
  current: Partial<CustomerFormInput>,
  prefill: Partial<CustomerFormInput>,
): Partial<CustomerFormInput> {
  const fill: Partial<CustomerFormInput> = {};
  for (const f of FIELDS) {
    const value = prefill[f.name]?.trim();
    if (value && !current[f.name]?.trim()) fill[f.name] = value;
  }
  return fill;
}

/** 'Omat tiedot' (requirements §5 "Customer form"): name, phone and e-mail required. */
export function CustomerForm({
  id,
  defaultValues,
  notes,
  onNotesChange,
  onValidityChange,
  onProblemsChange,
  onValidSubmit,
  onInvalidSubmit,
  prefill,
  draftToken,
}: CustomerFormProps) {
  const uid = useId();
  /** The draft found when the form opened (read once: later changes are this form's own). */
  const [draft] = useState(() => (draftToken ? loadCustomerDraft(draftToken) : null));
  const {
    register,
    handleSubmit,
    setFocus,
    getValues,
    setValue,
    watch,
    formState: { errors, isValid },
  } = useForm<CustomerFormInput, unknown, CustomerFormValues>({
    defaultValues: draft ? { ...defaultValues, ...draft.fields } : defaultValues,
    resolver: zodResolver(customerFormSchema),
    mode: 'onTouched',
  });

  useEffect(() => onValidityChange(isValid), [isValid, onValidityChange]);

  // The problems follow every keystroke and prefill, so the hint beside the button is never stale.
  useEffect(() => {
    if (!onProblemsChange) return;
    onProblemsChange(formProblems(getValues()));
    const subscription = watch((values) => onProblemsChange(formProblems(values)));
    return () => subscription.unsubscribe();
  }, [onProblemsChange, watch, getValues]);

  /** What the customer typed (a prefilled value is not theirs to keep in the draft). */
  const typed = useRef<CustomerDraft>(draft ?? { fields: {} });

  useEffect(() => {
    if (!draftToken) return;
    const subscription = watch((values, { name, type }) => {
      // 'change' is the customer's own input; setValue (the prefill) has no type.
      if (type !== 'change' || !name) return;
      typed.current.fields[name] = values[name];
      saveCustomerDraft(draftToken, typed.current);
    });
    // A new process (the session was reset): the draft is not this booking's any more.
    const unsubscribe = subscribeProcessSession(() => {
      if (getProcessToken() !== draftToken) clearCustomerDraft();
    });
    return () => {
      subscription.unsubscribe();
      unsubscribe();
    };
  }, [draftToken, watch]);

  useEffect(() => {
    if (!prefill) return;
    for (const [name, value] of Object.entries(fillEmptyFields(getValues(), prefill)) as [FieldName, string][]) {
      setValue(name, value, { shouldValidate: true, shouldDirty: true });
    }
  }, [prefill, getValues, setValue]);

  const onInvalid: SubmitErrorHandler<CustomerFormInput> = (errs) => {
    const first = FIELDS.find((f) => errs[f.name]);
    if (first) setFocus(first.name);
    onInvalidSubmit();
  };

  return (
    <form id={id} className="customer-form card" noValidate onSubmit={handleSubmit(onValidSubmit, onInvalid)}>
      <p className="form-note">
        Pakolliset kentät on merkitty tähdellä (<span aria-hidden="true">*</span>
        <span className="visually-hidden">tähti</span>).
      </p>
      <div className="form-grid form-grid--two">
        {FIELDS.map((f) => {
          const fieldId = `${uid}-${f.name}`;
          const error = errors[f.name]?.message;
          return (
            <Field key={f.name} id={fieldId} label={f.label} required={f.required} error={error} className={f.wide ? 'field--wide' : undefined}>
              <input
                id={fieldId}
                className="input"
                type={f.type ?? 'text'}
                autoComplete={f.autoComplete}
                inputMode={f.inputMode}
                maxLength={f.maxLength}
                aria-required={f.required || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(fieldId, { error: !!error })}
                {...register(f.name)}
              />
            </Field>
          );
        })}
        <Field id={`${uid}-notes`} label="Lisätietoja" className="field--wide">
          <textarea
            id={`${uid}-notes`}
            className="input textarea"
            rows={4}
            maxLength={2000}
            value={notes}
            onChange={(e) => {
              typed.current.notes = e.target.value;
              if (draftToken) saveCustomerDraft(draftToken, typed.current);
              onNotesChange(e.target.value);
            }}
          />
        </Field>
      </div>
      <p className="customer-form__privacy">
        Käsittelemme tietojasi{' '}
        <a href={SITE_PAGES.privacy} target="_blank">
          tietosuojaselosteemme<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
        </a>{' '}
        mukaisesti.
      </p>
    </form>
  );
}
