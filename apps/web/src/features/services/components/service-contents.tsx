import './service-contents.css';
import { useId, useState } from 'react';
import type { ProductSuggestion } from '@huolto/domain';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { useProductAdditionalData } from '@/features/services/api/get-product-additional-data.ts';

type Row = ProductSuggestion['suggestion_sub_rows'][number];

/** Whose contents the list tells: a maintenance's ('huollon') or another service's ('palvelun'). */
export type ContentsWording = 'maintenance' | 'service';

const WORDS: Record<ContentsWording, { show: string; hide: string; loading: string; failed: string; none: string }> = {
  maintenance: {
    show: 'Näytä huollon sisältö',
    hide: 'Piilota huollon sisältö',
    loading: 'Ladataan huollon sisältöä…',
    failed: 'Huollon sisällön lataaminen epäonnistui.',
    none: 'Huollon sisällöstä ei ole tarkempia tietoja.',
  },
  service: {
    show: 'Näytä palvelun sisältö',
    hide: 'Piilota palvelun sisältö',
    loading: 'Ladataan palvelun sisältöä…',
    failed: 'Palvelun sisällön lataaminen epäonnistui.',
    none: 'Palvelun sisällöstä ei ole tarkempia tietoja.',
  },
};

export interface ServiceContentsProps {
  product: ProductSuggestion;
  /** Load the operations with GET /product-additional-data when the suggestion has none. */
  lazy?: boolean;
  wording?: ContentsWording;
}

/**
 * 'Näytä huollon sisältö' / 'Piilota huollon sisältö' (requirements §2 "Product cards"; for a
 * tire service 'Näytä palvelun sisältö'): the
 * operations of a service with their spare parts. Uses the suggestion's own rows;
 * without them, and when `lazy`, fetches them the first time the list is opened.
 */
export function ServiceContents({ product, lazy = false, wording = 'maintenance' }: ServiceContentsProps) {
  const words = WORDS[wording];
  const contentsId = `${useId()}-contents`;
  const [open, setOpen] = useState(false);
  const ownRows = product.suggestion_sub_rows;
  const load = ownRows.length === 0 && lazy;
  if (ownRows.length === 0 && !load) return null;

  return (
    <div className="product-card__contents">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={contentsId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? words.hide : words.show}
        <ChevronIcon direction={open ? 'up' : 'down'} />
      </button>
      <div id={contentsId} hidden={!open}>
        {load ? <LoadedOperations productId={product.product.id} open={open} words={words} /> : <Operations rows={ownRows} />}
      </div>
    </div>
  );
}

function LoadedOperations({ productId, open, words }: { productId: string; open: boolean; words: (typeof WORDS)[ContentsWording] }) {
  const data = useProductAdditionalData(productId, open);
  if (data.isError) return <p className="muted operations__status">{words.failed}</p>;
  if (!data.data) {
    return (
      <p className="muted operations__status" role="status">
        {words.loading}
      </p>
    );
  }
  const rows: Row[] = data.data.operations.map((o) => ({
    operation: { description: o.description },
    spareParts: o.spareParts ?? [],
  }));
  if (rows.length === 0) return <p className="muted operations__status">{words.none}</p>;
  return <Operations rows={rows} />;
}

function Operations({ rows }: { rows: Row[] }) {
  return (
    <ul className="operations">
      {rows.map((row, i) => (
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
  );
}
