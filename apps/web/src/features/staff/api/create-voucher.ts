import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVoucherBody, VoucherAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/catalogue/vouchers: a voucher for a loyalty member (admins only). */
export const createVoucher = (body: CreateVoucherBody) => staffApi.post<VoucherAdmin>('/catalogue/vouchers', body);

/** Gives a voucher; every voucher list is read again. */
export function useCreateVoucher() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVoucher, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.vouchersAll }) });
}
