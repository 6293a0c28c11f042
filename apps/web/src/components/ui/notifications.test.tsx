import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clearNotifications, notifyMessage } from '@/lib/notifications.ts';
import { Notifications } from './notifications.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  clearNotifications();
});

afterEach(() => {
  cleanup();
  clearNotifications();
  vi.useRealTimers();
});

describe('<Notifications>', () => {
  it('shows errors and warnings as alerts and info as status, coloured by level', () => {
    render(<Notifications />);
    act(() => {
      notifyMessage('vehicleSearchFailed');
      notifyMessage('sessionExpired');
      notifyMessage('vehicleNotFound');
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]?.className).toContain('notification--error');
    expect(alerts[0]?.textContent).toContain('Ajoneuvon tietojen haku epäonnistui.');
    expect(alerts[1]?.className).toContain('notification--warning');
    const status = screen.getByRole('status');
    expect(status.className).toContain('notification--info');
  });

  it('does not show a duplicate and disappears after 5 seconds', () => {
    render(<Notifications />);
    act(() => {
      notifyMessage('serverError');
      notifyMessage('serverError');
    });
    expect(screen.getAllByText('Toiminnon suorittaminen epäonnistui.')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(4500);
    });
    expect(screen.queryByText('Toiminnon suorittaminen epäonnistui.')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText('Toiminnon suorittaminen epäonnistui.')).toBeNull();
  });

  it('closes with the close button', () => {
    render(<Notifications />);
    act(() => notifyMessage('saveFailed'));
    fireEvent.click(screen.getByRole('button', { name: 'Sulje ilmoitus' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
