import { Link, useNavigate } from 'react-router';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { LandingPage, type InternalLink } from './landing-page.tsx';

const RouterLink: InternalLink = ({ to, className, children }) => (
  <Link to={to} className={className}>
    {children}
  </Link>
);

/** '/etusivu' inside the app (after an in-app navigation); the first load uses landing-entry.tsx. */
export function LandingRoute() {
  const settings = useSettings();
  const navigate = useNavigate();
  return (
    <LandingPage
      links={settings.data?.links}
      bookingPhone={settings.data?.bookingPhone}
      bookingOpen={settings.data?.bookingOpen}
      pending={settings.isPending}
      InternalLink={RouterLink}
      openBooking={(href) => void navigate(href)}
    />
  );
}
