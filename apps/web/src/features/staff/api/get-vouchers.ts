import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/vouchers: the newest loyalty vouchers, or the member's with that e-mail address ('': all; admins only). */
export const getVouchers = (email = '') =>
  staffApi.get<VoucherAdmin[]>('/catalogue/vouchers', { query: { email: email === '' ? undefined : email } });

export const vouchersQueryOptions = (email = '', enabled = true) =>
  queryOptions({ queryKey: staffKeys.vouchers(email), queryFn: () => getVouchers(email), enabled });

export const useVouchers = (email = '', enabled = true) => useQuery(vouchersQueryOptions(email, enabled));
