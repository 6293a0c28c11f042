import { useId, useState } from 'react';
import { formatEuros, formatTireSize, tireAmountChoice, type DeskCatalogue, type DeskTire, type DeskTireSize } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';
import { Button } from '@/components/ui/button.tsx';

/** The tire chosen at the desk: the product and how many. */
export interface DeskTireChoice {
  productId: string;
  amount: number;
}

const SIZE_FIELDS = [
  { key: 'width', label: 'Leveys', placeholder: '205' },
  { key: 'aspectRatio', label: 'Profiili', placeholder: '55' },
  { key: 'rimDiameter', label: 'Vanne', placeholder: '16' },
] as const;

/** A size typed as three whole numbers, or null when one is missing or not a number. */
function sizeOf(typed: Record<keyof DeskTireSize, string>): DeskTireSize | null {
  const n = (v: string) => (/^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : null);
  const width = n(typed.width);
  const aspectRatio = n(typed.aspectRatio);
  const rimDiameter = n(typed.rimDiameter);
  return width !== null && aspectRatio !== null && rimDiameter !== null ? { width, aspectRatio, rimDiameter } : null;
}

/**
 * The tires the desk may sell for the car, as the customer's tire search offers them: the
 * size searched (the register's when it knows the car, else typed: leveys, profiili, vanne),
 * and the tires in stock of it with their indexes, price per tire and stock; choosing one
 * with its amount (1 to the stock, four first) makes the booking's item.
 */
export function DeskTires({
  catalogue,
  chosen,
  onChoose,
  onSize,
  error,
}: {
  catalogue: DeskCatalogue;
  chosen: DeskTireChoice | null;
  onChoose: (choice: DeskTireChoice | null) => void;
  /** A size typed and searched. */
  onSize: (size: DeskTireSize) => void;
  error?: string | undefined;
}) {
  const uid = useId();
  const errorId = `${uid}-error`;
  const known = catalogue.tireSize ?? null;
  const [typed, setTyped] = useState<Record<keyof DeskTireSize, string>>({
    width: known ? String(known.width) : '',
    aspectRatio: known ? String(known.aspectRatio) : '',
    rimDiameter: known ? String(known.rimDiameter) : '',
  });
  const [sizeError, setSizeError] = useState<string | undefined>(undefined);
  const tires = catalogue.tires ?? [];
  const search = () => {
    const size = sizeOf(typed);
    setSizeError(size ? undefined : 'Anna leveys, profiili ja vanne numeroina');
    if (size) onSize(size);
  };

  return (
    <fieldset className="desk__services" aria-describedby={error ? errorId : undefined} id="desk-services">
      <legend className="visually-hidden">Renkaat</legend>
      <div className="desk__plate-row">
        {SIZE_FIELDS.map((f) => (
          <InputField
            key={f.key}
            id={`${uid}-${f.key}`}
            label={f.label}
            inputMode="numeric"
            autoComplete="off"
            placeholder={f.placeholder}
            value={typed[f.key]}
            error={f.key === 'width' ? sizeError : undefined}
            onChange={(e) => setTyped((t) => ({ ...t, [f.key]: e.target.value }))}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                search();
              }
            }}
          />
        ))}
        <div className="desk__plate-action">
          <Button type="button" variant="secondary" onClick={search}>
            Hae renkaat
          </Button>
        </div>
      </div>
      {known === null ? (
        <p className="muted">Rekisteri ei tunne auton rengaskokoa: anna koko.</p>
      ) : tires.length === 0 ? (
        <p className="notice notice--warning">Kokoa {formatTireSize(known)} ei ole varastossa.</p>
      ) : (
        <ul className="desk__service-list" aria-label={`Renkaat ${formatTireSize(known)}`}>
          {tires.map((t) => (
            <DeskTireRow key={t.productId} tire={t} chosen={chosen?.productId === t.productId ? chosen : null} onChoose={onChoose} name={`${uid}-tire`} />
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DeskTireRow({
  tire,
  chosen,
  onChoose,
  name,
}: {
  tire: DeskTire;
  chosen: DeskTireChoice | null;
  onChoose: (choice: DeskTireChoice | null) => void;
  name: string;
}) {
  const uid = useId();
  const choice = tireAmountChoice(tire.stock);
  const [amount, setAmount] = useState(choice.initial);
  const label = `${tire.make} ${tire.model}`;
  return (
    <li className="desk__service">
      <input
        id={`${uid}-pick`}
        type="radio"
        name={name}
        checked={chosen !== null}
        onChange={() => onChoose({ productId: tire.productId, amount })}
      />
      <label htmlFor={`${uid}-pick`}>
        <span className="desk__service-name">
          {label} <span className="muted">{tire.size}</span>
        </span>
        <span className="desk__service-meta">
          <span className="muted">Varastossa {tire.stock} kpl</span>
          <span className="desk__price">{formatEuros(tire.priceCents)} / kpl</span>
        </span>
      </label>
      <label className="visually-hidden" htmlFor={`${uid}-amount`}>
        Määrä: {label}
      </label>
      <select
        id={`${uid}-amount`}
        className="input desk__tire-amount"
        value={chosen?.amount ?? amount}
        onChange={(e) => {
          const value = Number(e.target.value);
          setAmount(value);
          if (chosen) onChoose({ productId: tire.productId, amount: value });
        }}
      >
        {choice.amounts.map((n) => (
          <option key={n} value={n}>
            {n} kpl
          </option>
        ))}
      </select>
    </li>
  );
}
