import './notifications.css';
import { useSyncExternalStore } from 'react';
import type { NotificationLevel } from '@huolto/domain';
import {
  dismissNotification,
  getNotifications,
  subscribeNotifications,
} from '@/lib/notifications.ts';
import { CloseIcon } from './icons.tsx';

const LEVEL_LABEL: Record<NotificationLevel, string> = {
  ERROR: 'Virhe',
  WARNING: 'Huomio',
  INFO: 'Tiedoksi',
  SUCCESS: 'Onnistui',
};

/**
 * The notification stack, top right (requirements §2 "Global elements"). Errors and warnings are
 * alerts (read out at once); info and success are polite status messages.
 */
export function Notifications() {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  return (
    <div className="notifications" aria-label="Ilmoitukset" role="region">
      {items.map((n) => (
        <div
          key={n.id}
          className={`notification notification--${n.level.toLowerCase()}`}
          role={n.level === 'ERROR' || n.level === 'WARNING' ? 'alert' : 'status'}
        >
          <p className="notification__text">
            <span className="visually-hidden">{LEVEL_LABEL[n.level]}: </span>
            {n.text}
          </p>
          <button
            type="button"
            className="notification__close"
            aria-label="Sulje ilmoitus"
            onClick={() => dismissNotification(n.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
