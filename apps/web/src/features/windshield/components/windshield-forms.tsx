import './windshield-forms.css';
import { useId, type ReactNode } from 'react';
import {
  CONTACT_METHODS,
  CONTACT_METHOD_LABELS,
  FIELD_ERRORS,
  INSURANCE_COMPANIES,
  MAX_REPAIR_AMOUNT,
  YES_NO_UNKNOWN,
  YES_NO_UNKNOWN_LABELS,
  repairFormSchema,
  replacementFormSchema,
  type InsuranceCompany,
  type RepairFormDraft,
  type ReplacementFormDraft,
} from '@huolto/domain';

/** Field paths of a draft that the rules refuse, for the field errors. */
export function invalidFields(schema: typeof repairFormSchema | typeof replacementFormSchema, draft: unknown): Set<string> {
  const r = schema.safeParse(draft);
  return new Set(r.success ? [] : r.error.issues.map((i) => String(i.path[0])));
}

function Choice<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (v: T) => void;
  error?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">
        {legend}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="choice__options">
        {options.map((o) => (
          <label key={o} className={`radio-card radio-card--inline${value === o ? ' radio-card--selected' : ''}`}>
            <input type="radio" className="radio" name={`${name}-${id}`} value={o} checked={value === o} onChange={() => onChange(o)} />
            <span>{labels[o]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {FIELD_ERRORS.required}
        </p>
      )}
    </fieldset>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="checkbox-row">
      <input id={id} type="checkbox" className="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function TextField({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: boolean;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error || undefined,
        'aria-describedby': [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
      })}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {FIELD_ERRORS.required}
        </p>
      )}
    </div>
  );
}

function InsuranceCompanySelect({
  value,
  onChange,
  error,
}: {
  value: InsuranceCompany | null;
  onChange: (v: InsuranceCompany | null) => void;
  error?: boolean;
}) {
  return (
    <TextField label="Vakuutusyhtiö" error={error}>
      {(props) => (
        <select
          {...props}
          className="input"
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as InsuranceCompany))}
        >
          <option value="">Valitse vakuutusyhtiö</option>
          {INSURANCE_COMPANIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </TextField>
  );
}

export interface FormProps<T> {
  value: T;
  onChange: (next: T) => void;
  /** Show the field errors (after a try to continue). */
  showErrors: boolean;
}

/** Repair form (requirements §3, §5): amount, insurance and insurer, contact method. */
export function RepairFormFields({ value, onChange, showErrors }: FormProps<RepairFormDraft>) {
  const bad = showErrors ? invalidFields(repairFormSchema, value) : new Set<string>();
  const set = (patch: Partial<RepairFormDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="windshield-form">
      <TextField label="Korjattavien kohtien määrä" error={bad.has('amount')} hint="Kiveniskemät, joiden halkaisija on alle 2 cm.">
        {(props) => (
          <select
            {...props}
            className="input input--narrow"
            value={value.amount ?? ''}
            onChange={(e) => set({ amount: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Valitse</option>
            {Array.from({ length: MAX_REPAIR_AMOUNT }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        )}
      </TextField>
      <Check
        label="Minulla on vakuutus"
        checked={value.hasInsurance}
        onChange={(hasInsurance) => set({ hasInsurance, insuranceCompany: hasInsurance ? value.insuranceCompany : null })}
      />
      {value.hasInsurance && (
        <InsuranceCompanySelect value={value.insuranceCompany} onChange={(insuranceCompany) => set({ insuranceCompany })} error={bad.has('insuranceCompany')} />
      )}
      <Choice
        legend="Yhteydenottotapa"
        name="contact"
        options={CONTACT_METHODS}
        labels={CONTACT_METHOD_LABELS}
        value={value.contactMethod}
        onChange={(contactMethod) => set({ contactMethod })}
        error={bad.has('contactMethod')}
      />
    </div>
  );
}

/** Replacement form (requirements §3, §5). */
export function ReplacementFormFields({ value, onChange, showErrors }: FormProps<ReplacementFormDraft>) {
  const bad = showErrors ? invalidFields(replacementFormSchema, value) : new Set<string>();
  const set = (patch: Partial<ReplacementFormDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="windshield-form">
      <Check
        label="Minulla on vakuutus"
        checked={value.hasInsurance}
        onChange={(hasInsurance) =>
          set(
            hasInsurance
              ? { hasInsurance }
              : { hasInsurance, insuranceCompany: null, claimCode: null, noClaimCode: false, deductibleAmount: null, unknownDeductibleAmount: false },
          )
        }
      />
      {value.hasInsurance && (
        <>
          <InsuranceCompanySelect value={value.insuranceCompany} onChange={(insuranceCompany) => set({ insuranceCompany })} error={bad.has('insuranceCompany')} />
          <TextField label="Vahinkonumero" error={bad.has('claimCode')}>
            {(props) => (
              <input
                {...props}
                className="input"
                value={value.claimCode ?? ''}
                disabled={value.noClaimCode}
                maxLength={40}
                onChange={(e) => set({ claimCode: e.target.value === '' ? null : e.target.value })}
              />
            )}
          </TextField>
          <Check
            label="Ei vahinkonumeroa"
            checked={value.noClaimCode}
            onChange={(noClaimCode) => set({ noClaimCode, claimCode: noClaimCode ? null : value.claimCode })}
          />
          <TextField label="Omavastuu (€)" error={bad.has('deductibleAmount')}>
            {(props) => (
              <input
                {...props}
                className="input input--narrow"
                inputMode="numeric"
                value={value.deductibleAmount ?? ''}
                disabled={value.unknownDeductibleAmount}
                onChange={(e) => {
                  const digits = e.target.value.replace(/\D/g, '').slice(0, 5);
                  set({ deductibleAmount: digits === '' ? null : Number(digits) });
                }}
              />
            )}
          </TextField>
          <Check
            label="En tiedä omavastuuta"
            checked={value.unknownDeductibleAmount}
            onChange={(unknownDeductibleAmount) =>
              set({ unknownDeductibleAmount, deductibleAmount: unknownDeductibleAmount ? null : value.deductibleAmount })
            }
          />
        </>
      )}
      <Choice
        legend="Sadetunnistin"
        name="rain"
        options={YES_NO_UNKNOWN}
        labels={YES_NO_UNKNOWN_LABELS}
        value={value.rainDetector}
        onChange={(rainDetector) => set({ rainDetector })}
        error={bad.has('rainDetector')}
      />
      <Choice
        legend="Kamerajärjestelmä"
        name="camera"
        options={YES_NO_UNKNOWN}
        labels={YES_NO_UNKNOWN_LABELS}
        value={value.cameraSystem}
        onChange={(cameraSystem) => set({ cameraSystem })}
        error={bad.has('cameraSystem')}
      />
      <Choice
        legend="Yhteydenottotapa"
        name="contact"
        options={CONTACT_METHODS}
        labels={CONTACT_METHOD_LABELS}
        value={value.contactMethod}
        onChange={(contactMethod) => set({ contactMethod })}
        error={bad.has('contactMethod')}
      />
    </div>
  );
}
