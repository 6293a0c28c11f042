import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FieldGroup } from '@/components/ui/field.tsx';
import { CheckboxList } from './checkbox-list.tsx';

afterEach(cleanup);

const OPTIONS = [
  { value: 1, label: 'Konala' },
  { value: 2, label: 'Espoo' },
  { value: 3, label: 'Vantaa' },
];

describe('<CheckboxList> in a <FieldGroup>', () => {
  it('ticks the chosen values, adds a ticked one and takes an unticked one away', () => {
    const onChange = vi.fn();
    render(
      <FieldGroup id="offices" legend="Toimipisteet" className="group">
        <CheckboxList className="grid" idPrefix="offices" options={OPTIONS} chosen={[1, 3]} onChange={onChange} />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Toimipisteet' });
    expect(group.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getAllByRole('checkbox').map((c) => [c.id, (c as HTMLInputElement).checked])).toEqual([
      ['offices-1', true],
      ['offices-2', false],
      ['offices-3', true],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Espoo' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 3, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Konala' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it("shows the group's error under the boxes and describes the group by it", () => {
    render(
      <FieldGroup id="offices" legend="Toimipisteet" error="Valitse vähintään yksi toimipiste" className="group">
        <CheckboxList className="grid" idPrefix="offices" options={OPTIONS} chosen={[]} onChange={() => {}} />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Toimipisteet' });
    expect(group.getAttribute('aria-describedby')).toBe('offices-error');
    expect(document.getElementById('offices-error')!.textContent).toBe('Valitse vähintään yksi toimipiste');
  });
});
