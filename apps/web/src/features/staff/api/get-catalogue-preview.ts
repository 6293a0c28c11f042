import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CataloguePreview } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export interface CataloguePreviewQuery {
  registerNumber: string;
  officeId: number;
  /** The mileage, for the maintenance packages; null: not given. */
  kilometers: number | null;
}

/** GET /staff/catalogue/preview: the services step as a customer with this plate would see it at the office today. */
export const getCataloguePreview = ({ registerNumber, officeId, kilometers }: CataloguePreviewQuery) =>
  staffApi.get<CataloguePreview>('/catalogue/preview', { query: { registerNumber, officeId, kilometers } });

/** Asked for only once a plate and an office are given (`query` not null). */
export const cataloguePreviewQueryOptions = (query: CataloguePreviewQuery | null) =>
  queryOptions({
    queryKey: query ? staffKeys.cataloguePreview(query.registerNumber, query.officeId, query.kilometers) : staffKeys.cataloguePreview('', 0, null),
    queryFn: () => getCataloguePreview(query!),
    enabled: query !== null,
  });

export const useCataloguePreview = (query: CataloguePreviewQuery | null) => useQuery(cataloguePreviewQueryOptions(query));
