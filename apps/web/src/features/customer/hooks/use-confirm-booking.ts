import { useMutation } from '@tanstack/react-query';
import type { Customer } from '@huolto/domain';
import { saveCustomer } from '@/features/customer/api/save-customer.ts';
import { saveNotes } from '@/features/customer/api/save-notes.ts';
import { saveBooking } from '@/features/customer/api/save-booking.ts';

export interface ConfirmBookingInput {
  customer: Customer;
  notes: string;
}

/** 'Vahvista tilaus' (requirements §4 "Save booking"): customer, notes, then save-booking. */
export function useConfirmBooking() {
  return useMutation({
    mutationFn: async ({ customer, notes }: ConfirmBookingInput) => {
      await saveCustomer(customer);
      await saveNotes(notes);
      return saveBooking();
    },
  });
}
