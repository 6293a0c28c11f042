import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SiteSettings } from '@huolto/domain';
import { ServiceBreakNotice } from './vehicle-step-frame.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The notice at a UTC instant, for a break given in Helsinki local time. */
function shownAt(utc: string, serviceBreak: { start: string; end: string; message?: string }): boolean {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(utc));
  render(<ServiceBreakNotice settings={{ serviceBreak } as unknown as SiteSettings} />);
  const shown = screen.queryByRole('note') !== null;
  cleanup();
  return shown;
}

describe('ServiceBreakNotice', () => {
  // Winter: Helsinki is UTC+2, so 17:00 local is 15:00 UTC.
  const winter = { start: '2024-11-29T17:00:00', end: '2024-12-02T06:00:00', message: 'Huoltokatko' };

  it('is shown from the start up to the end, read as Helsinki time', () => {
    expect(shownAt('2024-11-29T14:59:59Z', winter)).toBe(false);
    expect(shownAt('2024-11-29T15:00:00Z', winter)).toBe(true);
    expect(shownAt('2024-12-02T03:59:59Z', winter)).toBe(true);
    expect(shownAt('2024-12-02T04:00:00Z', winter)).toBe(false);
    expect(shownAt('2024-11-29T12:00:00Z', winter)).toBe(false);
    expect(shownAt('2024-12-05T12:00:00Z', winter)).toBe(false);
  });

  it('in summer time (UTC+3) too, and the settings text is the notice', () => {
    const summer = { start: '2025-06-10T20:30:00', end: '2025-06-10T23:00:00', message: 'Katko tänään' };
    expect(shownAt('2025-06-10T17:29:59Z', summer)).toBe(false);
    expect(shownAt('2025-06-10T17:30:00Z', summer)).toBe(true);
    expect(shownAt('2025-06-10T19:59:59Z', summer)).toBe(true);
    expect(shownAt('2025-06-10T20:00:00Z', summer)).toBe(false);
    vi.setSystemTime(new Date('2025-06-10T18:00:00Z'));
    render(<ServiceBreakNotice settings={{ serviceBreak: summer } as unknown as SiteSettings} />);
    expect(screen.getByRole('note').textContent).toBe('Katko tänään');
  });

  it('takes a time with its own offset as it is, and shows nothing without a whole break', () => {
    const zoned = { start: '2025-01-10T10:00:00Z', end: '2025-01-10T12:00:00Z' };
    expect(shownAt('2025-01-10T09:59:59Z', zoned)).toBe(false);
    expect(shownAt('2025-01-10T10:00:00Z', zoned)).toBe(true);
    expect(shownAt('2025-01-10T11:00:00Z', { start: '2025-01-10T10:00:00Z', end: '' })).toBe(false);
  });
});
