import './service-groups.css';
import { useId, type ReactNode } from 'react';
import type { ProductSuggestion, ServiceGroup } from '@huolto/domain';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { ProductCard } from './product-card.tsx';
import type { ContentsWording } from './service-contents.tsx';

export type GroupToggle = (product: ProductSuggestion, select: boolean, group: ServiceGroup) => Promise<unknown> | void;

export interface ServiceGroupsProps {
  groups: ServiceGroup[] | undefined;
  isLoading: boolean;
  onToggle: GroupToggle;
  disabled?: boolean;
  /** Fetch a product's service contents when the suggestion has none. */
  lazyContents?: boolean;
  /** How the cards name their contents ('huollon' or 'palvelun' sisältö). */
  contentsWording?: ContentsWording;
  /** A line under a product's title (e.g. what a bundle saves), or nothing. */
  noteFor?: (product: ProductSuggestion) => ReactNode;
  /** Shown when no group has products; null shows nothing. */
  empty?: ReactNode;
  /** Placeholder rows while loading. */
  loadingRows?: number;
  loadingLabel?: string;
}

const DEFAULT_EMPTY = (
  <EmptyState title="Valmiita huoltopaketteja ei löytynyt">
    <p>Kerro alla, mitä autollesi pitää tehdä, niin otamme sinuun yhteyttä.</p>
  </EmptyState>
);

type CardOptions = Pick<ServiceGroupsProps, 'onToggle' | 'disabled' | 'lazyContents' | 'contentsWording' | 'noteFor'>;

/** The product cards of one group. */
export function GroupProducts({ group, onToggle, disabled, lazyContents, contentsWording, noteFor }: { group: ServiceGroup } & CardOptions) {
  return (
    <div className="service-group__items">
      {group.suggestions.map((s) => (
        <ProductCard
          key={s.product.id}
          product={s}
          disabled={disabled}
          lazyContents={lazyContents}
          contentsWording={contentsWording}
          note={noteFor?.(s)}
          onToggle={(p, select) => onToggle(p, select, group)}
        />
      ))}
    </div>
  );
}

function Group({ group, ...rest }: { group: ServiceGroup } & CardOptions) {
  const headingId = useId();
  return (
    <section className="service-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="service-group__title">
        {group.title}
      </h3>
      <GroupProducts group={group} {...rest} />
    </section>
  );
}

/** Service groups: a heading and the product cards of each. */
export function ServiceGroups({
  groups,
  isLoading,
  onToggle,
  disabled,
  lazyContents,
  empty = DEFAULT_EMPTY,
  loadingRows = 3,
  loadingLabel = 'Ladataan palveluita…',
}: ServiceGroupsProps) {
  if (isLoading) return <SkeletonList rows={loadingRows} label={loadingLabel} />;
  const nonEmpty = (groups ?? []).filter((g) => g.suggestions.length > 0);
  if (nonEmpty.length === 0) return <>{empty}</>;
  return (
    <div className="service-groups">
      {nonEmpty.map((g) => (
        <Group key={g.id} group={g} onToggle={onToggle} disabled={disabled} lazyContents={lazyContents} />
      ))}
    </div>
  );
}
