import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueGroup } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/groups: the service groups of every stage, in order. */
export const getCatalogueGroups = () => staffApi.get<CatalogueGroup[]>('/catalogue/groups');

export const catalogueGroupsQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: staffKeys.catalogueGroups, queryFn: getCatalogueGroups, enabled });

export const useCatalogueGroups = (enabled = true) => useQuery(catalogueGroupsQueryOptions(enabled));
