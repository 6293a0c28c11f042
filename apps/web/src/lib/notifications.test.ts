import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, NOTIFICATION_TTL_MS } from '@huolto/domain';
import { clearNotifications, dismissNotification, getNotifications, notify, notifyMessage } from './notifications.ts';

beforeEach(() => {
  vi.useFakeTimers();
  clearNotifications();
});

afterEach(() => {
  clearNotifications();
  vi.useRealTimers();
});

describe('notification store', () => {
  it('never holds the same level and message twice', () => {
    notifyMessage('serverError');
    notifyMessage('serverError');
    notify('WARNING', MESSAGES.serverError.text);
    expect(getNotifications()).toHaveLength(1);
    expect(getNotifications()[0]).toMatchObject({ level: 'WARNING', text: 'Toiminnon suorittaminen epäonnistui.' });
  });

  it('keeps the same text at another level as a separate notification', () => {
    notify('INFO', 'Sama');
    notify('ERROR', 'Sama');
    expect(getNotifications().map((n) => n.level)).toEqual(['INFO', 'ERROR']);
  });

  it('removes a notification 5 seconds after it was raised', () => {
    notifyMessage('vehicleNotFound');
    vi.advanceTimersByTime(NOTIFICATION_TTL_MS - 500);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(getNotifications()).toHaveLength(0);
  });

  it('gives a repeated notification a fresh lifetime', () => {
    notifyMessage('reservationFailed');
    vi.advanceTimersByTime(4000);
    notifyMessage('reservationFailed');
    vi.advanceTimersByTime(4000);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    expect(getNotifications()).toHaveLength(0);
  });

  it('can be dismissed', () => {
    notifyMessage('saveFailed');
    const [n] = getNotifications();
    dismissNotification(n!.id);
    expect(getNotifications()).toHaveLength(0);
  });
});
