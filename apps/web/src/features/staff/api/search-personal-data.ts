import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalDataFound, personalDataQuery } from '@huolto/domain';
import type { z } from 'zod';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** Whom a request is about, as the form sends it (domain personalDataQuery's output). */
export type PersonalDataQueryValues = z.output<typeof personalDataQuery>;

/**
 * POST /staff/personal-data/search (admins): the bookings, loyalty accounts, messages and
 * feedback held about a person by e-mail, phone or plate. A POST, so that none of them is in
 * an address or a log.
 */
export const searchPersonalData = (query: PersonalDataQueryValues) => staffApi.post<PersonalDataFound>('/personal-data/search', query);

/**
 * The search as a query: nothing while no query is given, not kept once the page no longer
 * shows it (gcTime 0), and removed after an erasure (useErasePersonalData). Each search is the
 * admin's own act and leaves an audit row: never repeated by itself (on focus or reconnect),
 * only when the form is sent again.
 */
export const personalDataSearchOptions = (query: PersonalDataQueryValues | null) =>
  queryOptions({
    queryKey: query ? staffKeys.personalDataSearch(query) : staffKeys.personalData,
    queryFn: () => searchPersonalData(query!),
    enabled: query !== null,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useSearchPersonalData = (query: PersonalDataQueryValues | null) => useQuery(personalDataSearchOptions(query));
