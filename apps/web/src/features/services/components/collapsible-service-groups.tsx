import './collapsible-service-groups.css';
import { useId, useState, type ReactNode } from 'react';
import type { ServiceGroup } from '@huolto/domain';
import { EmptyState, SkeletonList } from '@/components/ui/spinner.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { GroupProducts, type ServiceGroupsProps } from './service-groups.tsx';
import { ServiceIcon } from './service-icon.tsx';

export interface CollapsibleServiceGroupsProps
  extends Pick<ServiceGroupsProps, 'onToggle' | 'disabled' | 'lazyContents' | 'contentsWording' | 'noteFor'> {
  groups: ServiceGroup[] | undefined;
  isLoading: boolean;
  /**
   * Which groups start open: 'first' the first one (lisapalvelut, requirements §2), 'none' every
   * group folded. A group with a chosen service starts open either way.
   */
  initiallyOpen?: 'first' | 'none';
  /** Shown when no group has products. */
  empty?: ReactNode;
  loadingLabel?: string;
}

/** '{n} palvelua saatavilla' (docs/glossary.md "group count"); one: '1 palvelu saatavilla'. */
export function availableCount(n: number): string {
  return n === 1 ? '1 palvelu saatavilla' : `${n} palvelua saatavilla`;
}

const DEFAULT_EMPTY = (
  <EmptyState title="Tälle autolle ei ole nyt lisäpalveluita">
    <p>Voit jatkaa suoraan ajan valintaan.</p>
  </EmptyState>
);

/**
 * A card that folds by its title like a service group: a real button with aria-expanded
 * (title, a short line under it and the chevron) and the panel it opens.
 */
export function FoldedCard({
  title,
  hint,
  initiallyOpen = false,
  children,
}: {
  title: string;
  hint: ReactNode;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <section className={`collapsible-group card${open ? ' collapsible-group--open' : ''}`}>
      <h3 className="collapsible-group__heading">
        <button
          type="button"
          className="collapsible-group__toggle collapsible-group__toggle--plain"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="collapsible-group__title">{title}</span>
          <span className="collapsible-group__count">{hint}</span>
          <ChevronIcon className="collapsible-group__chevron" direction={open ? 'up' : 'down'} />
        </button>
      </h3>
      <div id={panelId} className="collapsible-group__panel" role="region" aria-label={title} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function CollapsibleGroup({
  group,
  initiallyOpen,
  ...rest
}: { group: ServiceGroup; initiallyOpen: boolean } & Omit<CollapsibleServiceGroupsProps, 'groups' | 'isLoading' | 'initiallyOpen'>) {
  const id = useId();
  const panelId = `${id}-panel`;
  const [open, setOpen] = useState(initiallyOpen);
  const chosen = group.suggestions.filter((s) => s.selected).length;
  // Services a chosen one already does stay listed (each says so); the count tells it too.
  const included = group.suggestions.filter((s) => s.included_in).length;
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
          <ServiceIcon group={group.id} size="small" className="collapsible-group__icon" />
          <span className="collapsible-group__title">{group.title}</span>
          <span className="collapsible-group__count">
            {availableCount(group.suggestions.length)}
            {chosen > 0 && <span className="collapsible-group__chosen">, {chosen} valittu</span>}
            {included > 0 && `, ${included} sisältyy valintaasi`}
          </span>
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
 * Service groups that fold by their category title, each a real button with
 * aria-expanded, its icon and its count: the extra services of lisapalvelut with the
 * first group open (requirements §2 "Extra services page"), the tire services, and the other
 * services of palvelut below the package that fits the car.
 */
export function CollapsibleServiceGroups({
  groups,
  isLoading,
  initiallyOpen = 'first',
  empty = DEFAULT_EMPTY,
  loadingLabel = 'Ladataan lisäpalveluita…',
  ...rest
}: CollapsibleServiceGroupsProps) {
  if (isLoading) return <SkeletonList rows={2} label={loadingLabel} />;
  const nonEmpty = (groups ?? []).filter((g) => g.suggestions.length > 0);
  if (nonEmpty.length === 0) return <>{empty}</>;
  return (
    <div className="collapsible-groups">
      {nonEmpty.map((g, i) => (
        <CollapsibleGroup
          key={g.id}
          group={g}
          initiallyOpen={(initiallyOpen === 'first' && i === 0) || g.suggestions.some((s) => s.selected)}
          {...rest}
        />
      ))}
    </div>
  );
}
