import './capacity.css';
import { useId, type ReactNode } from 'react';

/** One of the capacity page's cards: a heading, a line on what it is for, and its content. */
export function CapacitySection({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card capacity__section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}
