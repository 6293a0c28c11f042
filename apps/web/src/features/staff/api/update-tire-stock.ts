import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TireAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/catalogue/tires/:productId/stock: a tire's stock (admins only). */
export const updateTireStock = (productId: string, stock: number) =>
  staffApi.put<TireAdmin>(`/catalogue/tires/${encodeURIComponent(productId)}/stock`, { stock });

/** Saves a tire's stock; the searches are read again. */
export function useUpdateTireStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, stock }: { productId: string; stock: number }) => updateTireStock(productId, stock),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.tiresAll }),
  });
}
