import './collapsible-service-groups.css';
import { useId, useState } from 'react';
import type { ServiceGroup } from '@huolto/domain';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { GroupProducts, type GroupToggle } from './service-groups.tsx';

export interface CollapsibleServiceGroupsProps {
  groups: ServiceGroup[] | undefined;
  isLoading: boolean;
  onToggle: GroupToggle;
  disabled?: boolean;
  lazyContents?: boolean;
}

/** '{n} palvelua saatavilla' (GLOSSARY "group count"). */
export function availableCount(n: number): string {
  return `${n} palvelua saatavilla`;
}

function CollapsibleGroup({
  group,
  initiallyOpen,
  ...rest
}: { group: ServiceGroup; initiallyOpen: boolean } & Omit<CollapsibleServiceGroupsProps, 'groups' | 'isLoading'>) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className={`collapsible-group card${open ? ' collapsible-group--open' : ''}`}>
      <h3 className="collapsible-group__heading">
        <button
          type="button"
          className="collapsible-group__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="collapsible-group__title">{group.title}</span>
          <span className="collapsible-group__count">{availableCount(group.suggestions.length)}</span>
          <ChevronIcon className="collapsible-group__chevron" direction={open ? 'up' : 'down'} />
        </button>
      </h3>
      <div id={panelId} className="collapsible-group__panel" role="region" aria-label={group.title} hidden={!open}>
        <GroupProducts group={group} {...rest} />
      </div>
    </section>
  );
}

/**
 * The extra-service groups of lisapalvelut (SPEC §2 "Extra services page"): the first
 * group open with its count, the others folded; each opens and closes by its category
 * title, a real button with aria-expanded.
 */
export function CollapsibleServiceGroups({ groups, isLoading, ...rest }: CollapsibleServiceGroupsProps) {
  if (isLoading) return <SkeletonList rows={2} label="Ladataan lisäpalveluita…" />;
  const nonEmpty = (groups ?? []).filter((g) => g.suggestions.length > 0);
  if (nonEmpty.length === 0) {
    return (
      <EmptyState title="Tälle autolle ei ole nyt lisäpalveluita">
        <p>Voit jatkaa suoraan ajan valintaan.</p>
      </EmptyState>
    );
  }
  return (
    <div className="collapsible-groups">
      {nonEmpty.map((g, i) => (
        <CollapsibleGroup key={g.id} group={g} initiallyOpen={i === 0} {...rest} />
      ))}
    </div>
  );
}
