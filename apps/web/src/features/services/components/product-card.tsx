import './product-card.css';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { formatEuros, includedInChosenNote, type ProductSuggestion } from '@huolto/domain';
import { sanitizeHtml } from '@/lib/sanitize-html.ts';
import { mediaUrl } from '@/lib/media.ts';
import { additionalProductsOf } from '@/features/services/api/cart-item.ts';
import { ServiceContents, type ContentsWording } from './service-contents.tsx';
import { ServiceIcon, isGroupPicture, serviceGroupOfPicture } from './service-icon.tsx';

export interface ProductCardProps {
  product: ProductSuggestion;
  /** Resolves when the cart and the offer are refreshed. Also called for the extra products under it. */
  onToggle: (product: ProductSuggestion, select: boolean) => Promise<unknown> | void;
  disabled?: boolean;
  /**
   * Without operations of its own, the contents are loaded with GET
   * /product-additional-data when opened (needs a QueryClientProvider).
   */
  lazyContents?: boolean;
  /** A smaller card: an extra product under a selected one. */
  compact?: boolean;
  /**
   * 'maintenance': "Näytä huollon sisältö"; 'service': "Näytä palvelun sisältö". Omitted, a
   * service of a known other kind (a wash, an oil change, a tire change) speaks of 'palvelu', a
   * maintenance package of 'huolto'.
   */
  contentsWording?: ContentsWording;
  /** A line under the title, e.g. what a bundle saves. */
  note?: ReactNode;
}

/** Thumbnail size in CSS pixels (the width and height attributes keep the layout from jumping). */
const IMAGE_SIZE = { width: 160, height: 120 } as const;
const COMPACT_IMAGE_SIZE = { width: 96, height: 72 } as const;

/** A suggestion is on campaign when its normal price is higher than its price (docs/api.md). */
export function isCampaign(product: Pick<ProductSuggestion, 'price' | 'normal_price'>): boolean {
  return product.normal_price !== null && product.normal_price > product.price;
}

function hasContents(product: ProductSuggestion, lazy: boolean): boolean {
  return product.suggestion_sub_rows.length > 0 || lazy;
}

/**
 * A service as a card (requirements §2 "Product cards"): a checkbox labelled with the
 * description, the price rounded up to whole euros (a campaign price against the
 * normal price), images, the sanitised info text, the expandable service contents and,
 * once selected, the extra products offered with it as smaller cards.
 */
export function ProductCard({
  product,
  onToggle,
  disabled,
  lazyContents = false,
  compact = false,
  contentsWording,
  note,
}: ProductCardProps) {
  const id = useId();
  const checkboxId = `${id}-checkbox`;
  const priceId = `${id}-price`;
  const noteId = `${id}-note`;
  // A product a chosen one already includes stays in view, saying why it cannot be chosen.
  const includedIn = product.included_in;
  const shownNote = includedIn ? includedInChosenNote(includedIn) : note;
  /** The box follows the click at once; the offer's `selected` takes over when refreshed. */
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? product.selected;
  const info = useMemo(() => sanitizeHtml(product.additional_data.infoDescription), [product.additional_data.infoDescription]);
  const campaign = isCampaign(product);
  // The catalogue's generated group pictures show as the icon of the kind of service.
  const iconGroup = serviceGroupOfPicture(product);
  const images = product.additional_data.imageIds.filter((imageId) => !isGroupPicture(imageId));
  const hasMedia = images.length > 0 || iconGroup !== null;
  const size = compact ? COMPACT_IMAGE_SIZE : IMAGE_SIZE;
  const extras = useMemo(() => additionalProductsOf(product), [product]);

  const classes = [
    'product-card',
    checked ? 'product-card--selected' : '',
    compact ? 'product-card--compact' : '',
    includedIn ? 'product-card--included' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article className={classes}>
      <div className="product-card__head">
        <input
          id={checkboxId}
          className="checkbox product-card__checkbox"
          type="checkbox"
          checked={checked}
          disabled={disabled || includedIn !== undefined}
          aria-describedby={shownNote ? `${priceId} ${noteId}` : priceId}
          onChange={(e) => {
            const select = e.target.checked;
            setPending(select);
            void Promise.resolve()
              .then(() => onToggle(product, select))
              .catch(() => undefined)
              .finally(() => setPending(null));
          }}
        />
        <div className="product-card__heading">
          <label htmlFor={checkboxId} className="product-card__title">
            {product.description}
          </label>
          {campaign && <span className="badge badge--campaign">Kampanja</span>}
        </div>
        <p className="product-card__price" id={priceId}>
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

      {shownNote && (
        <p id={noteId} className={`product-card__note${includedIn ? ' product-card__note--included' : ''}`}>
          {shownNote}
        </p>
      )}

      {(hasMedia || info || hasContents(product, lazyContents)) && (
        <div className={`product-card__body${hasMedia ? ' product-card__body--with-media' : ''}`}>
          {hasMedia && (
            <div className="product-card__media">
              {iconGroup !== null && <ServiceIcon group={iconGroup} size={compact ? 'small' : 'medium'} />}
              {images.map((imageId, i) => (
                <img
                  key={imageId}
                  className="product-card__image"
                  src={mediaUrl(imageId)}
                  alt={images.length > 1 ? `${product.description} (kuva ${i + 1}/${images.length})` : product.description}
                  loading="lazy"
                  decoding="async"
                  width={size.width}
                  height={size.height}
                />
              ))}
            </div>
          )}
          <div className="product-card__text">
            {info && <div className="product-card__info rich-text" dangerouslySetInnerHTML={{ __html: info }} />}
            <ServiceContents
              product={product}
              lazy={lazyContents}
              wording={contentsWording ?? (iconGroup === null || iconGroup === 'maintenance' ? 'maintenance' : 'service')}
            />
          </div>
        </div>
      )}

      {checked && extras.length > 0 && (
        <div className="product-card__extras" role="group" aria-label={`Lisää samalla: ${product.description}`}>
          <p className="product-card__extras-title" aria-hidden="true">
            Lisää samalla
          </p>
          <ul className="product-card__extras-list">
            {extras.map((extra) => (
              <li key={extra.product.id}>
                <ProductCard product={extra} compact disabled={disabled} onToggle={onToggle} contentsWording={contentsWording} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
