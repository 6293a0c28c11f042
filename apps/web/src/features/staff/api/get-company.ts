import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/company: the company's details (admins only). */
export const getCompany = () => staffApi.get<CompanyDetails>('/company');

export const companyQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.company, queryFn: getCompany, enabled });

export const useCompany = (enabled = true) => useQuery(companyQueryOptions(enabled));
