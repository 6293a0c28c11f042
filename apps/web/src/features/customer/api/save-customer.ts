import type { ApiResponse, Customer } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /customer/v2 (requirements §3 "Customer (sent)"). */
export const saveCustomer = (customer: Customer) => api.post<ApiResponse>('/customer/v2', customer);
