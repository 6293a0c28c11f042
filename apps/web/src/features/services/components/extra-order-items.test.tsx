import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ExtraOrderItems } from './extra-order-items.tsx';

afterEach(cleanup);

const items = [
  { id: 'EX-1', description: 'Pyyhkijänsulat', price: 3990, selected: true },
  { id: 'EX-2', description: 'Lasinpesuneste 5 l', price: 1490, selected: false },
  { id: 'EX-3', description: 'Polttimo H7', price: 1250, selected: false },
];

describe('<ExtraOrderItems>', () => {
  it('shows each item with a checkbox, its description and price', () => {
    render(<ExtraOrderItems items={items} isLoading={false} onChange={() => undefined} />);
    const box = screen.getByRole('checkbox', { name: 'Pyyhkijänsulat' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent?.replace(/\u00a0/g, ' ')).toBe('40 €');
    expect((screen.getByRole('checkbox', { name: 'Polttimo H7' }) as HTMLInputElement).checked).toBe(false);
  });

  it('sends the whole new list of ids on a change', async () => {
    const onChange = vi.fn();
    render(<ExtraOrderItems items={items} isLoading={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Polttimo H7' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['EX-1', 'EX-3']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pyyhkijänsulat' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]));
  });
});
