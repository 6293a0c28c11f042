import { useMutation } from '@tanstack/react-query';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/catalogue/images: a picture (PNG, JPEG or WebP as the body) → its media id (admins only). */
export const uploadCatalogueImage = (file: Blob) => staffApi.upload<{ imageId: string }>('/catalogue/images', file);

/** Uploads a picture; a service's form then keeps its id. */
export const useUploadCatalogueImage = () => useMutation({ mutationFn: uploadCatalogueImage });
