import './step-page.css';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { ContinueButton, StepNav, hasContinue, type StepNavProps } from '@/components/ui/step-nav.tsx';

export interface StepPageProps {
  /** The document title (without the site suffix). */
  documentTitle: string;
  /** The page's h1. */
  title: ReactNode;
  /** A short introduction under the title. */
  lead?: ReactNode;
  /** Notices between the introduction and the content. */
  notices?: ReactNode;
  /** The side column (cart, chosen car or time). Without it the content stands in one column. */
  side?: ReactNode;
  /** Back and Continue at the foot of the step; omitted, the step has none. */
  nav?: StepNavProps;
  /** What opens over the step (a dialog). */
  overlay?: ReactNode;
  /** An extra class of the page, e.g. 'page--thanks'. */
  className?: string;
  /** The main content. */
  children: ReactNode;
}

/**
 * The frame of a booking step: the title, an optional introduction and notices, the main
 * column with the side column beside it (below it on phones), and Back and Continue. On a
 * desktop, where the side column (the cart) sticks beside the content, Continue stands at
 * its foot, always in view; on a phone it stays in the sticky bar at the bottom.
 */
export function StepPage({ documentTitle, title, lead, notices, side, nav, overlay, className, children }: StepPageProps) {
  const sideAction = side !== undefined && nav !== undefined && hasContinue(nav);
  const sideHint = sideAction && nav.continueDisabled && nav.continueHint ? nav.continueHint : null;
  const classes = ['page', sideAction ? 'page--side-action' : null, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <PageTitle documentTitle={documentTitle}>{title}</PageTitle>
      {lead && <p className="lead">{lead}</p>}
      {notices}
      {side === undefined ? (
        children
      ) : (
        <div className="columns">
          <div className="columns__main">{children}</div>
          <aside className="columns__side">
            {side}
            {sideAction && (
              <div className="columns__action">
                {sideHint && (
                  <p className="columns__hint" id="step-side-hint">
                    {sideHint}
                  </p>
                )}
                <ContinueButton
                  onContinue={nav.onContinue}
                  continueLabel={nav.continueLabel}
                  continueDisabled={nav.continueDisabled}
                  continueForm={nav.continueForm}
                  hintId={sideHint ? 'step-side-hint' : undefined}
                  className="btn--block"
                />
              </div>
            )}
          </aside>
        </div>
      )}
      {nav && <StepNav {...nav} />}
      {overlay}
    </div>
  );
}

type StepSectionProps = {
  children: ReactNode;
} & (
  | {
      /** The id of the section's h2, which names the section. */
      id: string;
      title: ReactNode;
      /** The section's number in the order the customer fills the step. */
      number?: number;
      label?: never;
    }
  | {
      /** The section's name when it has no heading of its own. */
      label: string;
      id?: never;
      title?: never;
      number?: never;
    }
);

/** A section of a step: named by its h2 (numbered where the step is filled in order) or by a label. */
export function StepSection({ id, title, number, label, children }: StepSectionProps) {
  if (id === undefined) {
    return (
      <section className="section" aria-label={label}>
        {children}
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {number !== undefined && (
          <span className="section__number" aria-hidden="true">
            {number}
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}
