import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TireAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/catalogue/tires/:productId/image: a tire's picture (the file as the body), answered with the tire (admins only). */
export const uploadTireImage = (productId: string, file: Blob) =>
  staffApi.upload<TireAdmin>(`/catalogue/tires/${encodeURIComponent(productId)}/image`, file, 'PUT');

/** Uploads a tire's picture; the searches are read again. */
export function useUploadTireImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, file }: { productId: string; file: Blob }) => uploadTireImage(productId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.tiresAll }),
  });
}
