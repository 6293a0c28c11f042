import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalDataErasure } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';
import type { PersonalDataQueryValues } from './search-personal-data.ts';

/**
 * POST /staff/personal-data/erase (admins): erases what is held about the person and answers
 * with what was erased, counted; a 409 (UPCOMING_BOOKINGS_MESSAGE) while bookings are ahead.
 */
export const erasePersonalData = (query: PersonalDataQueryValues) => staffApi.post<PersonalDataErasure>('/personal-data/erase', query);

/**
 * Erases; afterwards every search of a person is removed from the cache (its data is gone),
 * and the views that show bookings are read again.
 */
export function useErasePersonalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    gcTime: 0,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffKeys.personalData });
      for (const queryKey of [staffKeys.days, staffKeys.weeks, ['staff', 'search'], ['staff', 'booking']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
