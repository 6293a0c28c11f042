import './staff-table.css';
import type { ReactNode } from 'react';

/**
 * A back-office list as a table: a heading per column, then the rows given (a row's naming cell a
 * `<th scope="row">`, the others with a `data-label` of their column's name; an inactive row
 * `staff-table__row--inactive`).
 * - `actions`: a last column of buttons, its heading 'Toiminnot' for screen readers only.
 * - `stacked`: on a phone each row is a block of its own, each value under its `data-label`.
 *   Without it the table scrolls sideways in a frame named by `caption`, which the keyboard
 *   reaches to scroll it (axe's scrollable-region-focusable).
 * - `alignTop`: cells start at their top (rows of long texts).
 * - `className`: the frame's own (its distance from what stands above).
 */
export function StaffTable({
  columns,
  actions = false,
  caption,
  stacked = false,
  alignTop = false,
  className,
  children,
}: {
  columns: readonly string[];
  actions?: boolean;
  caption?: string;
  stacked?: boolean;
  alignTop?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const frame = stacked || !caption ? {} : { role: 'region', 'aria-label': `${caption}, vieritettävä`, tabIndex: 0 };
  return (
    <div className={['staff-table-wrap', className].filter(Boolean).join(' ')} {...frame}>
      <table className={['staff-table', stacked && 'staff-table--stacked', alignTop && 'staff-table--top'].filter(Boolean).join(' ')}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Toiminnot</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
