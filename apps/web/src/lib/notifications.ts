import { NOTIFICATION_CHECK_MS, NOTIFICATION_TTL_MS, type MessageKey, MESSAGES, type NotificationLevel } from '@huolto/domain';

/**
 * The notification stack (requirements §2 "Global elements", §8, §9): a store outside React so
 * that the api client can raise notifications too. Identical level + text pairs are
 * never shown twice; each notification disappears NOTIFICATION_TTL_MS after it was
 * (last) raised, checked every NOTIFICATION_CHECK_MS.
 */
export interface AppNotification {
  id: number;
  level: NotificationLevel;
  text: string;
  /** Epoch ms when it was raised or last repeated. */
  raisedAt: number;
}

type Listener = () => void;

let items: readonly AppNotification[] = [];
let nextId = 1;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

function sweep(): void {
  const now = Date.now();
  const kept = items.filter((n) => now - n.raisedAt < NOTIFICATION_TTL_MS);
  if (kept.length !== items.length) {
    items = kept;
    emit();
  }
  if (items.length === 0 && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
}

export function notify(level: NotificationLevel, text: string): void {
  const now = Date.now();
  const existing = items.find((n) => n.level === level && n.text === text);
  if (existing) {
    // Repeated: keep one copy and give it a fresh lifetime.
    items = items.map((n) => (n === existing ? { ...n, raisedAt: now } : n));
  } else {
    items = [...items, { id: nextId++, level, text, raisedAt: now }];
  }
  if (timer === null) timer = setInterval(sweep, NOTIFICATION_CHECK_MS);
  emit();
}

/** Raises a message of the error catalogue (requirements §8) with its own level. */
export function notifyMessage(key: MessageKey): void {
  const m = MESSAGES[key];
  notify(m.level, m.text);
}

export function dismissNotification(id: number): void {
  items = items.filter((n) => n.id !== id);
  emit();
  if (items.length === 0) sweep();
}

export function clearNotifications(): void {
  items = [];
  emit();
  sweep();
}

export function getNotifications(): readonly AppNotification[] {
  return items;
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
