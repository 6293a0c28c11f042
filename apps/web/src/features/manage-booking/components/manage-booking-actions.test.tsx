import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@huolto/domain';
import { clearNotifications, getNotifications, notifyMessage } from '@/lib/notifications.ts';
import { FEEDBACK_TEXTS, FeedbackForm } from './feedback-form.tsx';
import { RESEND_TEXTS, ResendConfirmationButton } from './resend-confirmation-button.tsx';

/** The actions are mutations of the page's query client; each test gets its own. */
function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const REF = { bookingKey: 'HV7K2M9Q4P', registerNumber: 'ABC-123' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** fetch answering the one call under test; every call is recorded with its JSON body. */
function stubCall(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const calls = () =>
    (fetchMock.mock.calls as [string, RequestInit | undefined][]).map(([url, init]) => ({
      url,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }));
  return { fetchMock, calls };
}

const notifications = () => getNotifications().map((n) => ({ level: n.level, text: n.text }));
const sendButton = () => screen.getByRole('button', { name: 'Lähetä palaute' }) as HTMLButtonElement;
const resendButton = () => screen.getByRole('button', { name: 'Lähetä vahvistus uudelleen sähköpostiin' }) as HTMLButtonElement;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
  clearNotifications();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('<FeedbackForm>', () => {
  it('is a labelled group of five ratings and an optional comment; sending waits for a rating', () => {
    const { fetchMock } = stubCall(() => json({ responseCode: 'SUCCESS' }));
    renderWithClient(<FeedbackForm bookingKey={REF.bookingKey} />);
    expect(screen.getByRole('region', { name: 'Anna palautetta' })).toBeTruthy();
    const group = screen.getByRole('group', { name: /Kuinka tyytyväinen olit palveluumme\?/ });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(5);
    expect(screen.getByRole('radio', { name: '1 – Erittäin tyytymätön' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5 – Erittäin tyytyväinen' })).toBeTruthy();
    expect(screen.getByLabelText('Kommentti (vapaaehtoinen)').getAttribute('maxLength')).toBe('2000');
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(sendButton().closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the rating, the trimmed comment and the booking key; thanks and hides the form', async () => {
    const { calls } = stubCall(() => json({ responseCode: 'SUCCESS' }));
    renderWithClient(<FeedbackForm bookingKey={REF.bookingKey} />);
    fireEvent.click(screen.getByRole('radio', { name: /^4 –/ }));
    fireEvent.change(screen.getByLabelText('Kommentti (vapaaehtoinen)'), { target: { value: '  Sujuvaa!  ' } });
    fireEvent.click(sendButton());
    await screen.findByText(/Palautteesi on vastaanotettu/);
    expect(calls()).toEqual([
      { url: '/ServiceBooking/rest/feedback/v2', body: { bookingKey: REF.bookingKey, rating: 4, message: 'Sujuvaa!' } },
    ]);
    expect(notifications()).toEqual([{ level: 'SUCCESS', text: FEEDBACK_TEXTS.sent }]);
    expect(screen.queryByRole('button', { name: 'Lähetä palaute' })).toBeNull();
  });

  it('sends a blank comment as null', async () => {
    const { calls } = stubCall(() => json({ responseCode: 'SUCCESS' }));
    renderWithClient(<FeedbackForm bookingKey={REF.bookingKey} />);
    fireEvent.click(screen.getByRole('radio', { name: /^2 –/ }));
    fireEvent.change(screen.getByLabelText('Kommentti (vapaaehtoinen)'), { target: { value: '   ' } });
    fireEvent.click(sendButton());
    await screen.findByText(/Palautteesi on vastaanotettu/);
    expect(calls()[0]?.body).toEqual({ bookingKey: REF.bookingKey, rating: 2, message: null });
  });

  it.each([
    ['HTTP 500', () => json({ error: 'INTERNAL' }, 500)],
    ['HTTP 429', () => json({ error: 'TOO_MANY_REQUESTS' }, 429)],
    ['a lost connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s shows its own error once and keeps what was written', async (_label, answer) => {
    stubCall(answer);
    renderWithClient(<FeedbackForm bookingKey={REF.bookingKey} />);
    fireEvent.click(screen.getByRole('radio', { name: /^3 –/ }));
    fireEvent.change(screen.getByLabelText('Kommentti (vapaaehtoinen)'), { target: { value: 'Hyvä' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'ERROR', text: FEEDBACK_TEXTS.failed }]));
    // The api client's generic warning is not shown besides.
    expect(notifications().some((n) => n.text === MESSAGES.serverError.text)).toBe(false);
    expect((screen.getByRole('radio', { name: /^3 –/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Kommentti (vapaaehtoinen)') as HTMLTextAreaElement).value).toBe('Hyvä');
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  });
  it('a retry that succeeds takes the earlier failure away', async () => {
    let fail = true;
    stubCall(() => (fail ? json({ error: 'INTERNAL' }, 500) : json({ responseCode: 'SUCCESS' })));
    renderWithClient(<FeedbackForm bookingKey={REF.bookingKey} />);
    fireEvent.click(screen.getByRole('radio', { name: /^5 –/ }));
    fireEvent.click(sendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'ERROR', text: FEEDBACK_TEXTS.failed }]));
    fail = false;
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'SUCCESS', text: FEEDBACK_TEXTS.sent }]));
  });
});

describe('<ResendConfirmationButton>', () => {
  it('posts key, plate and installation type to send-email and confirms with a success notification', async () => {
    const { calls } = stubCall(() => json({ responseCode: 'SUCCESS' }));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'SUCCESS', text: RESEND_TEXTS.sent }]));
    expect(calls()).toEqual([
      { url: '/ServiceBooking/rest/send-email', body: { ...REF, installationType: 'LAAKKONEN_PUBLIC' } },
    ]);
    await waitFor(() => expect(resendButton().disabled).toBe(false));
  });

  it('warns when the booking can no longer get its confirmation (NOT_AVAILABLE)', async () => {
    stubCall(() => json({ responseCode: 'NOT_AVAILABLE' }));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'WARNING', text: RESEND_TEXTS.notAvailable }]));
  });

  it('shows its own error on a server error, and only that', async () => {
    stubCall(() => json({ error: 'INTERNAL' }, 500));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'ERROR', text: RESEND_TEXTS.failed }]));
  });

  it("over the booking's hourly cap (429) shows the server's Finnish words, when it may try again", async () => {
    const words = 'Vahvistus on lähetetty uudelleen jo 3 kertaa tunnin sisällä. Voit lähettää sen uudelleen 42 minuutin kuluttua.';
    stubCall(() => new Response(JSON.stringify({ error: 'TOO_MANY_REQUESTS', message: words }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '2520' } }));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'WARNING', text: words }]));
  });

  it('a retry that succeeds takes the earlier failure away, and leaves other notifications', async () => {
    let fail = true;
    stubCall(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : json({ responseCode: 'SUCCESS' })));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(notifications()).toEqual([{ level: 'ERROR', text: RESEND_TEXTS.failed }]));
    notifyMessage('logout');
    fail = false;
    await waitFor(() => expect(resendButton().disabled).toBe(false));
    fireEvent.click(resendButton());
    await waitFor(() =>
      expect(notifications()).toEqual([
        { level: MESSAGES.logout.level, text: MESSAGES.logout.text },
        { level: 'SUCCESS', text: RESEND_TEXTS.sent },
      ]),
    );
  });

  it('is disabled while the call is on its way', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubCall(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithClient(<ResendConfirmationButton bookingRef={REF} />);
    fireEvent.click(resendButton());
    await waitFor(() => expect(resendButton().disabled).toBe(true));
    expect(resendButton().getAttribute('aria-busy')).toBe('true');
    answer(json({ responseCode: 'SUCCESS' }));
    await waitFor(() => expect(resendButton().disabled).toBe(false));
  });
});
