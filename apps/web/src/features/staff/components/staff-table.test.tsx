import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { StaffTable } from './staff-table.tsx';

afterEach(cleanup);

const row = (
  <tr>
    <th scope="row">Huolto</th>
    <td data-label="Tila">Käytössä</td>
    <td>
      <button type="button">Nimeä</button>
    </td>
  </tr>
);

describe('<StaffTable>', () => {
  it("heads its columns, an actions column named for screen readers only, and stacks on a phone without a scroll frame", () => {
    render(
      <StaffTable columns={['Nimi', 'Tila']} actions stacked className="own-wrap">
        {row}
      </StaffTable>,
    );
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nimi', 'Tila', 'Toiminnot']);
    expect(within(table).getByRole('rowheader', { name: 'Huolto' })).toBeTruthy();
    expect(table.className).toBe('staff-table staff-table--stacked');
    expect(table.parentElement!.className).toBe('staff-table-wrap own-wrap');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('without stacking scrolls in a frame named by its caption, which the keyboard reaches', () => {
    render(
      <StaffTable columns={['Rivi', 'Virhe']} caption="Virheelliset rivit" alignTop>
        {row}
      </StaffTable>,
    );
    const frame = screen.getByRole('region', { name: 'Virheelliset rivit, vieritettävä' });
    expect(frame.tabIndex).toBe(0);
    const table = within(frame).getByRole('table', { name: 'Virheelliset rivit' });
    expect(table.className).toBe('staff-table staff-table--top');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rivi', 'Virhe']);
  });
});
