import type { QueryClient } from '@tanstack/react-query';
import { staffKeys } from './keys.ts';

/**
 * After any change to the catalogue: its groups, services, previews and tires are read again
 * (a group's count of services, a service in the list, a preview's prices all follow).
 */
export const catalogueChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: staffKeys.catalogue });
