import type { ApiResponse, LeadBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /lead: the preferred date of a quote or contact request instead of a time (requirements §4 "Reservation"). */
export const setLead = (leadDate: string) => api.post<ApiResponse>('/lead', { leadDate } satisfies LeadBody);
