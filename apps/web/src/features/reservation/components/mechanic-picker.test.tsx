import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MechanicPicker } from './mechanic-picker.tsx';

afterEach(cleanup);

const MECHANICS = [
  { id: 7, name: 'Matti Mekaanikko' },
  { id: 8, name: 'Liisa Laakso' },
];

describe('<MechanicPicker>', () => {
  it('is optional: a link that reveals the select, which then chooses the mechanic', () => {
    const onChange = vi.fn();
    render(<MechanicPicker resources={MECHANICS} value={null} onChange={onChange} />);
    const link = screen.getByRole('button', { name: 'Valitse oma mekaanikko' });
    expect(link.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Mekaanikko' })).toBeNull();

    fireEvent.click(link);
    expect(link.getAttribute('aria-expanded')).toBe('true');
    const select = screen.getByRole('combobox', { name: 'Mekaanikko' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: '8' } });
    expect(onChange).toHaveBeenCalledWith(8);
  });

  it('is open from the start when a mechanic is chosen; closed, it still names them', () => {
    render(<MechanicPicker resources={MECHANICS} value={7} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Mekaanikko' }) as HTMLSelectElement;
    expect(select.value).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Valitse oma mekaanikko' }));
    expect(screen.queryByRole('combobox', { name: 'Mekaanikko' })).toBeNull();
    expect(screen.getByText('Näytämme mekaanikon Matti Mekaanikko vapaat ajat.')).toBeTruthy();
  });
});
