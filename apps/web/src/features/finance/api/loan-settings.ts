import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_TIRE_SALES_OFFICE_ID,
  type BookingSettingsOrganization,
  type MinimumPriceForCreditResponse,
  type ProcessType,
} from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** The minimum price for credit is asked for organization 1 (requirements §7 "Finance"). */
const MINIMUM_PRICE_ORGANIZATION_ID = DEFAULT_TIRE_SALES_OFFICE_ID;

/**
 * What the loan calculator needs: the office's ShowStaticLoanCalculator setting
 * (GET /booking-settings/organization) and the minimum price for credit
 * (POST /financing/get-minimum-price-for-credit). Failures hide the calculator.
 */
export function useLoanSettings(organizationId: number | null, processType: ProcessType) {
  const { token } = useProcessSession();
  const office = useQuery(
    queryOptions({
      queryKey: ['booking-settings', token, organizationId, processType],
      queryFn: () =>
        api.get<BookingSettingsOrganization>('/booking-settings/organization', {
          query: { organizationId: organizationId!, processType },
          handleErrors: true,
        }),
      enabled: token !== null && organizationId !== null,
      staleTime: 5 * 60 * 1000,
    }),
  );
  const minimum = useQuery(
    queryOptions({
      queryKey: ['minimum-price-for-credit', token],
      queryFn: () =>
        api.post<MinimumPriceForCreditResponse>(
          '/financing/get-minimum-price-for-credit',
          { organizationId: MINIMUM_PRICE_ORGANIZATION_ID },
          { handleErrors: true },
        ),
      enabled: token !== null && office.data?.showStaticLoanCalculator === true,
      staleTime: 30 * 60 * 1000,
    }),
  );
  return {
    officeSetting: office.data?.showStaticLoanCalculator === true,
    minimumPriceCents: minimum.data?.minimumPrice ?? null,
  };
}
