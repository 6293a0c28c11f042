import type { ApiResponse, ServicesStage } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /remove-services: empties one stage of the cart. */
export const removeServices = (stage: ServicesStage) => api.post<ApiResponse>('/remove-services', { stage });
