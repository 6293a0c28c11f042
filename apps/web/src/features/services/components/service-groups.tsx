import { useId } from 'react';
import type { ProductSuggestion, ServiceGroup } from '@huolto/domain';
import { EmptyState, SkeletonList } from '../../../components/ui/spinner.tsx';
import { ProductCard } from './product-card.tsx';

export interface ServiceGroupsProps {
  groups: ServiceGroup[] | undefined;
  isLoading: boolean;
  onToggle: (product: ProductSuggestion, select: boolean, group: ServiceGroup) => Promise<unknown> | void;
  disabled?: boolean;
}

function Group({ group, onToggle, disabled }: { group: ServiceGroup } & Pick<ServiceGroupsProps, 'onToggle' | 'disabled'>) {
  const headingId = useId();
  return (
    <section className="service-group" aria-labelledby={headingId}>
      <h3 id={headingId} className="service-group__title">
        {group.title}
      </h3>
      <div className="service-group__items">
        {group.suggestions.map((s) => (
          <ProductCard key={s.product.id} product={s} disabled={disabled} onToggle={(p, select) => onToggle(p, select, group)} />
        ))}
      </div>
    </section>
  );
}

/** The service groups of the chosen office: a title and the product cards of each. */
export function ServiceGroups({ groups, isLoading, onToggle, disabled }: ServiceGroupsProps) {
  if (isLoading) return <SkeletonList rows={3} label="Ladataan palveluita…" />;
  const nonEmpty = (groups ?? []).filter((g) => g.suggestions.length > 0);
  if (nonEmpty.length === 0) {
    return (
      <EmptyState title="Valmiita huoltopaketteja ei löytynyt">
        <p>Kerro alla, mitä autollesi pitää tehdä, niin otamme sinuun yhteyttä.</p>
      </EmptyState>
    );
  }
  return (
    <div className="service-groups">
      {nonEmpty.map((g) => (
        <Group key={g.id} group={g} onToggle={onToggle} disabled={disabled} />
      ))}
    </div>
  );
}
