import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails, CompanyDetailsBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/company: every detail of the company (admins only). */
export const updateCompany = (body: CompanyDetailsBody) => staffApi.put<CompanyDetails>('/company', body);

/** Saves the company's details; the answer is the new state, and the set-up list is read again. */
export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(staffKeys.company, company);
      return queryClient.invalidateQueries({ queryKey: staffKeys.setup });
    },
  });
}
