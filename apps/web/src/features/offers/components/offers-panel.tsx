import './offers-panel.css';
import { useId, useState, type ReactNode } from 'react';
import { formatEuros, type LiftsOffer } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { mediaUrl } from '@/lib/media.ts';

export interface OffersPanelProps {
  offers: LiftsOffer[] | undefined;
  /** Product ids already in the cart: their offers show 'Ostoskorissa'. */
  inCart: ReadonlySet<string>;
  onAdd: (offer: LiftsOffer & { productId: string }) => Promise<unknown> | void;
  disabled?: boolean;
  title?: string;
  /**
   * The offer's picture drawn by the page (an icon of its kind of service) instead of its
   * image; null keeps the image. Without it every offer shows its image.
   */
  picture?: (offer: LiftsOffer) => ReactNode;
  /** Laid out side by side where there is room (in the main column), rather than stacked (a side column). */
  grid?: boolean;
}

/** Offer image size in CSS pixels. */
const IMAGE_SIZE = { width: 320, height: 180 } as const;

/**
 * The offers ("lifts") side panel (requirements §2): cards with a title, text, image, the
 * price against the normal price, and 'Lisää ostoskoriin' for a product offer. Hidden
 * when there are no offers.
 */
export function OffersPanel({ offers, inCart, onAdd, disabled, title = 'Tarjoukset', picture, grid = false }: OffersPanelProps) {
  const headingId = useId();
  if (!offers || offers.length === 0) return null;
  return (
    <section className={grid ? 'offers offers--grid' : 'offers'} aria-labelledby={headingId}>
      <h2 id={headingId} className="offers__title">
        {title}
      </h2>
      <ul className="offers__list">
        {offers.map((offer) => (
          <li key={offer.id}>
            <OfferCard
              offer={offer}
              inCart={offer.productId !== null && inCart.has(offer.productId)}
              onAdd={onAdd}
              disabled={disabled}
              picture={picture?.(offer) ?? null}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OfferCard({
  offer,
  inCart,
  onAdd,
  disabled,
  picture = null,
}: {
  offer: LiftsOffer;
  inCart: boolean;
  onAdd: OffersPanelProps['onAdd'];
  disabled?: boolean;
  /** Drawn instead of the offer's image (decorative: the title says what the offer is). */
  picture?: ReactNode;
}) {
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const campaign = offer.price !== null && offer.normalPrice !== null && offer.normalPrice > offer.price;
  const productId = offer.productId;

  return (
    <article className={`offer card${picture ? ' offer--with-icon' : ''}`} aria-labelledby={titleId}>
      {picture ? (
        <span className="offer__icon" aria-hidden="true">
          {picture}
        </span>
      ) : (
        offer.imageId && (
          <img
            className="offer__image"
            src={mediaUrl(offer.imageId)}
            alt=""
            loading="lazy"
            decoding="async"
            width={IMAGE_SIZE.width}
            height={IMAGE_SIZE.height}
          />
        )
      )}
      <h3 id={titleId} className="offer__title">
        {offer.title}
      </h3>
      {offer.text && <p className="offer__text">{offer.text}</p>}
      {offer.price !== null && (
        <p className="offer__price">
          {campaign && offer.normalPrice !== null && (
            <s className="offer__normal-price">
              <span className="visually-hidden">Normaalihinta </span>
              {formatEuros(offer.normalPrice)}
            </s>
          )}
          <span className={campaign ? 'offer__campaign-price' : undefined}>
            {campaign && <span className="visually-hidden">Tarjoushinta </span>}
            {formatEuros(offer.price)}
          </span>
        </p>
      )}
      {productId !== null &&
        (inCart ? (
          <Button variant="secondary" block disabled aria-describedby={titleId} className="offer__in-cart">
            <CheckIcon /> Ostoskorissa
          </Button>
        ) : (
          <Button
            variant="secondary"
            block
            disabled={disabled || adding}
            aria-describedby={titleId}
            onClick={() => {
              setAdding(true);
              void Promise.resolve()
                .then(() => onAdd({ ...offer, productId }))
                .catch(() => undefined)
                .finally(() => setAdding(false));
            }}
          >
            Lisää ostoskoriin
          </Button>
        ))}
    </article>
  );
}
