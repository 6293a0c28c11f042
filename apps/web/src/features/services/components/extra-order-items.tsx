import './extra-order-items.css';
import { useId, useState } from 'react';
import { formatEuros } from '@huolto/domain';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import type { ExtraOrderItem } from '@huolto/domain';

export interface ExtraOrderItemsProps {
  items: ExtraOrderItem[] | undefined;
  isLoading: boolean;
  /** The full new list of chosen ids (POST /extra-order-items replaces the list). */
  onChange: (ids: string[]) => Promise<unknown> | void;
  disabled?: boolean;
}

/**
 * Extra order items (docs/glossary.md: wipers, bulbs, washer fluid…): a checkbox each with its
 * description and price. The boxes follow the click at once and hand over to the
 * server's `selected` when the list is refetched.
 */
export function ExtraOrderItems({ items, isLoading, onChange, disabled }: ExtraOrderItemsProps) {
  const id = useId();
  const [pending, setPending] = useState<Set<string> | null>(null);
  if (isLoading) return <SkeletonList rows={2} label="Ladataan lisätuotteita…" />;
  const list = items ?? [];
  if (list.length === 0) return <EmptyState title="Lisätuotteita ei ole saatavilla" />;

  const chosen = pending ?? new Set(list.filter((i) => i.selected).map((i) => i.id));
  const toggle = (itemId: string, select: boolean) => {
    const next = new Set(chosen);
    if (select) next.add(itemId);
    else next.delete(itemId);
    setPending(next);
    // Keep the catalogue's order in the request.
    const ids = list.filter((i) => next.has(i.id)).map((i) => i.id);
    void Promise.resolve()
      .then(() => onChange(ids))
      .catch(() => undefined)
      .finally(() => setPending(null));
  };

  return (
    <ul className="extra-items">
      {list.map((item) => {
        const boxId = `${id}-${item.id}`;
        const checked = chosen.has(item.id);
        return (
          <li key={item.id} className={`extra-item${checked ? ' extra-item--selected' : ''}`}>
            <input
              id={boxId}
              type="checkbox"
              className="checkbox"
              checked={checked}
              disabled={disabled}
              aria-describedby={`${boxId}-price`}
              onChange={(e) => toggle(item.id, e.target.checked)}
            />
            <label htmlFor={boxId} className="extra-item__label">
              {item.description}
            </label>
            <span id={`${boxId}-price`} className="price extra-item__price">
              {formatEuros(item.price)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
