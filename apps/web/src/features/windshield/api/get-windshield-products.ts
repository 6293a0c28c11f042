import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useProcessSession } from '../../../hooks/use-process-session.ts';

/** A CHOICE product parameter whose values may carry a campaign (SPEC §3 "Windshield products"). */
export interface ChoiceParameter {
  parameterCode: string;
  type: 'CHOICE';
  values: { value: string; description: string; campaign: boolean }[];
}

export interface WindshieldProduct {
  id: string;
  provider: string;
  description: string;
  /** Cents per unit. */
  price: number;
  normal_price: number | null;
  duration_minutes: number;
  productParameters: ChoiceParameter[];
}

/** GET /windshield/products: windshieldChange, windshieldRepair, windshieldInsuranceRepair. */
export const getWindshieldProducts = () => api.get<WindshieldProduct[]>('/windshield/products');

export function useWindshieldProducts(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(
    queryOptions({
      queryKey: ['windshield-products', token, organizationId],
      queryFn: getWindshieldProducts,
      enabled: token !== null && organizationId !== null,
      staleTime: 5 * 60 * 1000,
    }),
  );
}
