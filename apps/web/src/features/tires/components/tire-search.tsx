import './tire-search.css';
import { useId, useMemo, useState } from 'react';
import {
  LOAD_INDEXES,
  TIRE_TYPES,
  TIRE_TYPE_LABELS,
  exampleTire,
  formatTireSize,
  tireSearchQueryOf,
  type SuggestedTireSize,
  type TireSearchForm,
  type TireSizes,
  type TireType,
} from '@huolto/domain';
import { EmptyState, LoadingState, SkeletonList } from '@/components/ui/spinner.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { useTireSizes } from '@/features/tires/api/get-tire-sizes.ts';
import { useSearchTires, type TireSuggestion } from '@/features/tires/api/search-tires.ts';
import { TireCard } from './tire-card.tsx';

export interface TireSearchProps {
  /** The booking's car: its sizes are suggested, and the search is keyed by it. */
  registerNumber: string | null;
  /** Vehicle class of the car (1 passenger car, 2 van): decides the example tire. */
  classificationId: number | null;
  /** The form as the customer left it (kept over Back and reload by the caller). */
  initialForm?: TireSearchForm | null;
  onFormChange?: (form: TireSearchForm) => void;
  onChoose: (tire: TireSuggestion, amount: number) => Promise<unknown>;
  onRemove: (tire: TireSuggestion) => Promise<unknown>;
  disabled?: boolean;
}

/** The form before the customer touches it: the offered type and supplier, the car's first size. */
export function defaultTireForm(sizes: TireSizes): TireSearchForm {
  const size = sizes.suggestedSizes[0];
  return {
    tireType: sizes.defaultOfferedTireType,
    suppliers: sizes.suppliers.some((s) => s.id === sizes.defaultOfferedSupplierId) ? [sizes.defaultOfferedSupplierId] : [],
    width: size ? String(size.width) : '',
    aspectRatio: size ? String(size.aspectRatio) : '',
    rimDiameter: size ? String(size.rimDiameter) : '',
    loadIndex: size ? String(size.loadIndex) : '',
  };
}

/**
 * The results as shown: the example tire (the first that matches the vehicle class,
 * requirements §2) and the tires already chosen stay in view; the others sit behind the
 * 'Näytä muut renkaat' toggle.
 */
export function splitTireResults(results: readonly TireSuggestion[], classificationId: number | null) {
  const example = exampleTire(results, classificationId);
  const shown = results.filter((r) => r === example || r.selected);
  const others = results.filter((r) => !shown.includes(r));
  return { example, shown, others };
}

const sameSize = (form: TireSearchForm, s: SuggestedTireSize) =>
  form.width === String(s.width) &&
  form.aspectRatio === String(s.aspectRatio) &&
  form.rimDiameter === String(s.rimDiameter) &&
  form.loadIndex === String(s.loadIndex);

function SizeSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly number[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <select
        id={id}
        className="input"
        value={value}
        required
        aria-invalid={value === '' ? true : undefined}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Valitse</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The tire search (requirements §2 "Tire search", §5): tire type, suppliers, the car's own sizes
 * and selects for width, height, rim and load index. Every field is required and the
 * search runs by itself as soon as the form is valid.
 */
export function TireSearch({
  registerNumber,
  classificationId,
  initialForm = null,
  onFormChange,
  onChoose,
  onRemove,
  disabled,
}: TireSearchProps) {
  const id = useId();
  const sizes = useTireSizes(registerNumber);
  const [edited, setEdited] = useState<TireSearchForm | null>(initialForm);
  const form = edited ?? (sizes.data ? defaultTireForm(sizes.data) : null);
  const query = form ? tireSearchQueryOf(form) : null;
  const results = useSearchTires(query);
  const [showOthers, setShowOthers] = useState(false);
  const split = useMemo(() => splitTireResults(results.data ?? [], classificationId), [results.data, classificationId]);

  if (sizes.isPending) return <SkeletonList rows={2} label="Ladataan rengaskokoja…" />;
  if (sizes.isError || !sizes.data || !form) {
    return <EmptyState title="Rengashaun lataaminen epäonnistui">Yritä hetken kuluttua uudelleen.</EmptyState>;
  }
  const options = sizes.data;
  const change = (patch: Partial<TireSearchForm>) => {
    const next = { ...form, ...patch };
    setEdited(next);
    setShowOthers(false);
    onFormChange?.(next);
  };
  const toggleSupplier = (supplierId: number, on: boolean) =>
    change({ suppliers: on ? [...form.suppliers, supplierId] : form.suppliers.filter((s) => s !== supplierId) });
  // A car with different front and rear tires takes two of each.
  const defaultAmount = options.suggestedSizes.length > 1 ? 2 : 4;
  const noSupplier = form.suppliers.length === 0;
  const resultsId = `${id}-results`;
  const othersId = `${id}-others`;

  return (
    <div className="tire-search">
      <form className="tire-search__form card" aria-label="Rengashaku" onSubmit={(e) => e.preventDefault()}>
        {options.suggestedSizes.length > 0 && (
          <fieldset className="tire-search__suggested">
            <legend className="field__label">Autosi rengaskoot</legend>
            <div className="tire-search__chips">
              {options.suggestedSizes.map((s) => (
                <button
                  key={`${formatTireSize(s)}-${s.loadIndex}`}
                  type="button"
                  className="chip"
                  aria-pressed={sameSize(form, s)}
                  disabled={disabled}
                  onClick={() =>
                    change({
                      width: String(s.width),
                      aspectRatio: String(s.aspectRatio),
                      rimDiameter: String(s.rimDiameter),
                      loadIndex: String(s.loadIndex),
                    })
                  }
                >
                  {formatTireSize(s)} {s.loadIndex}
                </button>
              ))}
            </div>
          </fieldset>
        )}

        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            Rengastyyppi
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={form.tireType}
            required
            disabled={disabled}
            onChange={(e) => change({ tireType: e.target.value as TireType | '' })}
          >
            <option value="">Valitse</option>
            {TIRE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TIRE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="tire-search__suppliers" aria-describedby={noSupplier ? `${id}-supplier-error` : undefined}>
          <legend className="field__label">
            Valmistaja
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <div className="tire-search__supplier-list">
            {options.suppliers.map((s) => (
              <label key={s.id} className="tire-search__supplier">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={form.suppliers.includes(s.id)}
                  disabled={disabled}
                  onChange={(e) => toggleSupplier(s.id, e.target.checked)}
                />
                {s.name}
              </label>
            ))}
          </div>
          {noSupplier && (
            <p className="field__error" id={`${id}-supplier-error`}>
              Valitse vähintään yksi valmistaja.
            </p>
          )}
        </fieldset>

        <div className="tire-search__sizes">
          <SizeSelect id={`${id}-width`} label="Leveys" value={form.width} options={options.widths} onChange={(v) => change({ width: v })} disabled={disabled} />
          <SizeSelect
            id={`${id}-height`}
            label="Korkeus"
            value={form.aspectRatio}
            options={options.aspectRatios}
            onChange={(v) => change({ aspectRatio: v })}
            disabled={disabled}
          />
          <SizeSelect
            id={`${id}-rim`}
            label="Vanne"
            value={form.rimDiameter}
            options={options.rimDiameters}
            onChange={(v) => change({ rimDiameter: v })}
            disabled={disabled}
          />
          <SizeSelect
            id={`${id}-load`}
            label="Kuormitusindeksi"
            value={form.loadIndex}
            options={LOAD_INDEXES}
            onChange={(v) => change({ loadIndex: v })}
            disabled={disabled}
          />
        </div>
      </form>

      <div className="tire-search__results" id={resultsId} aria-live="polite" aria-busy={results.isFetching}>
        {query === null ? (
          <p className="muted">Valitse rengastyyppi, vähintään yksi valmistaja ja rengaskoko, niin haemme sopivat renkaat.</p>
        ) : results.isPending ? (
          <LoadingState text="Haetaan renkaita…" />
        ) : results.isError ? (
          <EmptyState title="Renkaiden haku epäonnistui">Yritä hetken kuluttua uudelleen.</EmptyState>
        ) : results.data.length === 0 ? (
          <EmptyState title="Tällä haulla ei löytynyt renkaita">
            Kokeile toista valmistajaa, rengastyyppiä tai pienempää kuormitusindeksiä.
          </EmptyState>
        ) : (
          <>
            <p className="tire-search__count">
              {results.data.length === 1 ? 'Löytyi 1 rengas' : `Löytyi ${results.data.length} rengasta`}
            </p>
            <ul className="tire-list">
              {split.shown.map((tire) => (
                <li key={tire.product.id}>
                  <TireCard
                    tire={tire}
                    example={tire === split.example}
                    defaultAmount={defaultAmount}
                    onChoose={onChoose}
                    onRemove={onRemove}
                    disabled={disabled}
                  />
                </li>
              ))}
            </ul>
            {split.others.length > 0 && (
              <>
                <button
                  type="button"
                  className="link-button tire-search__toggle"
                  aria-expanded={showOthers}
                  aria-controls={othersId}
                  onClick={() => setShowOthers((v) => !v)}
                >
                  {showOthers ? 'Piilota renkaat' : `Näytä muut renkaat (${split.others.length})`}
                  <ChevronIcon direction={showOthers ? 'up' : 'down'} />
                </button>
                <ul className="tire-list" id={othersId} hidden={!showOthers}>
                  {showOthers &&
                    split.others.map((tire) => (
                      <li key={tire.product.id}>
                        <TireCard
                          tire={tire}
                          defaultAmount={defaultAmount}
                          onChoose={onChoose}
                          onRemove={onRemove}
                          disabled={disabled}
                        />
                      </li>
                    ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
