import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { serviceCodeValue } from '@/features/services/api/set-service-code.ts';
import { ServiceCodeForm, type ServiceCodeResult } from './service-code-form.tsx';

afterEach(cleanup);

const input = () => screen.getByLabelText('Palvelukoodi') as HTMLInputElement;

describe('<ServiceCodeForm>', () => {
  it('sends the typed code and shows an inline error when it unlocks nothing', async () => {
    const onApply = vi.fn(async (): Promise<ServiceCodeResult> => 'NOT_FOUND');
    render(<ServiceCodeForm code={null} onApply={onApply} onRemove={() => undefined} />);
    expect(input().getAttribute('aria-describedby')).toMatch(/hint/);
    expect(screen.getByText('Kampanjakirjeen tai takaisinkutsun koodi')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'KEVÄT24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Käytä koodi' }));
    expect(onApply).toHaveBeenCalledWith('KEVÄT24');
    expect((await screen.findByRole('alert')).textContent).toBe('Koodilla ei löytynyt palveluita');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the error.
    fireEvent.change(input(), { target: { value: 'KESÄ24' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an applied code with a remove button', () => {
    const onRemove = vi.fn();
    render(<ServiceCodeForm code="TK-2024" onApply={async () => 'SUCCESS'} onRemove={onRemove} />);
    expect(screen.getByText('TK-2024')).toBeTruthy();
    expect(screen.queryByLabelText('Palvelukoodi')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Poista koodi' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows no error after a successful code', async () => {
    const onApply = vi.fn(async (): Promise<ServiceCodeResult> => 'SUCCESS');
    render(<ServiceCodeForm code={null} onApply={onApply} onRemove={() => undefined} />);
    fireEvent.change(input(), { target: { value: 'TK-2024' } });
    fireEvent.submit(input().form!);
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a blank code as null', () => {
    expect(serviceCodeValue('   ')).toBeNull();
    expect(serviceCodeValue('')).toBeNull();
    expect(serviceCodeValue(' tk-1 ')).toBe('TK-1');
  });
});
