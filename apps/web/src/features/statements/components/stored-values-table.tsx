import type { StoredValue } from '@huolto/domain';

/**
 * Cookies or browser-stored values as a table (name, purpose, lifetime). On a phone each row
 * stacks into a block with the column's name before each value (statements.css); the table's
 * roles are given explicitly, as a browser drops them from a table laid out as blocks.
 */
export function StoredValuesTable({ caption, values }: { caption: string; values: readonly StoredValue[] }) {
  return (
    <table className="stored-values" role="table">
      <caption className="stored-values__caption">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Nimi
          </th>
          <th scope="col" role="columnheader">
            Käyttötarkoitus
          </th>
          <th scope="col" role="columnheader">
            Säilytysaika
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {values.map((v) => (
          <tr key={v.name} role="row">
            <td role="cell" data-label="Nimi">
              <code className="stored-values__name">{v.name}</code>
            </td>
            <td role="cell" data-label="Käyttötarkoitus">
              {v.purpose}
            </td>
            <td role="cell" data-label="Säilytysaika">
              {v.lifetime}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
