import type { ApiResponse, ProductParameterBody, WindshieldBookingType } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /product-parameter WINDSHIELD_CHANGE_BOOKING_TYPE: reserve a time, or ask for a quote (lead). */
export const setWindshieldBookingType = (value: WindshieldBookingType) =>
  api.post<ApiResponse>('/product-parameter', {
    parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE',
    selectedValue: value,
  } satisfies ProductParameterBody);
