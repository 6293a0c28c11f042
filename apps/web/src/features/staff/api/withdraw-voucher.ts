import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/catalogue/vouchers/:voucherId/withdraw: a voucher not used yet ends yesterday (admins only). */
export const withdrawVoucher = (voucherId: string) => staffApi.post<VoucherAdmin>(`/catalogue/vouchers/${encodeURIComponent(voucherId)}/withdraw`, {});

/** Withdraws a voucher; every voucher list is read again. */
export function useWithdrawVoucher() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawVoucher, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.vouchersAll }) });
}
