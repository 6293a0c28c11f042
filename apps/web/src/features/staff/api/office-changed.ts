import type { QueryClient } from '@tanstack/react-query';
import type { OfficeDetails } from '@huolto/domain';
import { staffKeys } from './keys.ts';

/**
 * After an office's details, activity or resources change: its details are the answer's (when
 * there is one), and what shows offices is read again — the admin list, the set-up list, the
 * office picker's offices (with their resources) and the day and week views.
 */
export function officeChanged(queryClient: QueryClient, officeId: number, office?: OfficeDetails) {
  if (office) queryClient.setQueryData(staffKeys.officeDetails(officeId), office);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staffKeys.officeAdmin }),
    queryClient.invalidateQueries({ queryKey: staffKeys.setup }),
    queryClient.invalidateQueries({ queryKey: staffKeys.offices }),
    queryClient.invalidateQueries({ queryKey: staffKeys.days }),
    queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
  ]);
}
