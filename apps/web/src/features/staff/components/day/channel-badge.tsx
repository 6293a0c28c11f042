import './channel-badge.css';
import { BOOKING_CHANNEL_LABELS, type StaffBookingSummary } from '@huolto/domain';

/** How a booking made by staff came in (Puhelimitse, Tiskillä), as a badge; nothing for an online booking. */
export function ChannelBadge({ booking }: { booking: Pick<StaffBookingSummary, 'channel'> }) {
  if (booking.channel === 'ONLINE') return null;
  return <span className={`staff-badge staff-badge--channel staff-badge--${booking.channel.toLowerCase()}`}>{BOOKING_CHANNEL_LABELS[booking.channel]}</span>;
}
