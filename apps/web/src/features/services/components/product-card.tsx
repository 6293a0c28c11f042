import { useId, useMemo, useState } from 'react';
import { formatEuros, type ProductSuggestion } from '@huolto/domain';
import { sanitizeHtml } from '../../../lib/sanitize-html.ts';
import { ChevronIcon } from '../../../components/ui/icons.tsx';

export interface ProductCardProps {
  product: ProductSuggestion;
  /** Resolves when the cart and the offer are refreshed. */
  onToggle: (product: ProductSuggestion, select: boolean) => Promise<unknown> | void;
  disabled?: boolean;
}

/**
 * A service as a card (SPEC "Product cards"): a checkbox labelled with the
 * description, the info text, the expandable service contents and the price rounded
 * up to whole euros.
 */
export function ProductCard({ product, onToggle, disabled }: ProductCardProps) {
  const id = useId();
  const checkboxId = `${id}-checkbox`;
  const contentsId = `${id}-contents`;
  const [open, setOpen] = useState(false);
  /** The box follows the click at once; the offer's `selected` takes over when refreshed. */
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? product.selected;
  const info = useMemo(() => sanitizeHtml(product.additional_data.infoDescription), [product.additional_data.infoDescription]);
  const campaign = product.normal_price !== null && product.normal_price > product.price;

  return (
    <article className={`product-card${checked ? ' product-card--selected' : ''}`}>
      <div className="product-card__head">
        <input
          id={checkboxId}
          className="checkbox product-card__checkbox"
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => {
            setPending(e.target.checked);
            void Promise.resolve(onToggle(product, e.target.checked))
              .catch(() => undefined)
              .finally(() => setPending(null));
          }}
        />
        <label htmlFor={checkboxId} className="product-card__title">
          {product.description}
        </label>
        <p className="product-card__price">
          {campaign && product.normal_price !== null && (
            <s className="product-card__normal-price">
              <span className="visually-hidden">Normaalihinta </span>
              {formatEuros(product.normal_price)}
            </s>
          )}
          <span className={campaign ? 'product-card__campaign-price' : undefined}>
            {campaign && <span className="visually-hidden">Kampanjahinta </span>}
            {formatEuros(product.price)}
          </span>
        </p>
      </div>
      {info && <div className="product-card__info rich-text" dangerouslySetInnerHTML={{ __html: info }} />}
      {product.suggestion_sub_rows.length > 0 && (
        <div className="product-card__contents">
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={contentsId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Piilota huollon sisältö' : 'Näytä huollon sisältö'}
            <ChevronIcon direction={open ? 'up' : 'down'} />
          </button>
          <ul id={contentsId} className="operations" hidden={!open}>
            {product.suggestion_sub_rows.map((row, i) => (
              <li key={i} className="operations__item">
                <span className="operations__name">{row.operation.description}</span>
                {row.spareParts.length > 0 && (
                  <ul className="operations__parts" aria-label="Varaosat">
                    {row.spareParts.map((part, j) => (
                      <li key={j}>{part.description}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
