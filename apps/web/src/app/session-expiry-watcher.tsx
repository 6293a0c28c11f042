import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setSessionExpiredHandler } from '@/lib/api-client.ts';
import { useWizardState } from '@/stores/wizard-state.tsx';
import { paths, processOfPathname } from '@/config/paths.ts';
import { clearSessionCache } from './session-cache.ts';

/**
 * What the api client's 412 means for the app (requirements §4, §8): the client has shown the
 * warning and forgotten the token; here the cached booking and the wizard's choices
 * are dropped and the customer goes back to the vehicle step of the process they were
 * in, where a new session starts.
 */
export function SessionExpiryWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { resetProgress } = useWizardState();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  useEffect(() => {
    setSessionExpiredHandler(() => {
      clearSessionCache(queryClient);
      resetProgress();
      const process = processOfPathname(pathname.current);
      if (process) navigate(paths.vehicleStep(process), { replace: true });
    });
    return () => setSessionExpiredHandler(null);
  }, [navigate, queryClient, resetProgress]);

  return null;
}
