import type { OrderItem, ServicesStage } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /order-items-by-stage: the cart's lines of one stage, as the server holds them now. */
export const getOrderItemsByStage = (stage: ServicesStage) => api.post<OrderItem[]>('/order-items-by-stage', { stage });
