import './desk.css';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { deskCustomerSchema } from '@huolto/domain';
import { InputField } from '@/components/ui/field.tsx';

/** The customer's fields of a staff form, as the desk's customer schema names them. */
export const DESK_CUSTOMER_FIELDS = ['first_name', 'last_name', 'phone_number', 'email', 'address', 'post_code', 'post_office'] as const;
export type DeskCustomerField = (typeof DESK_CUSTOMER_FIELDS)[number];

/** A form whose values hold the customer under `customer`. */
type WithCustomer = FieldValues & { customer: z.input<typeof deskCustomerSchema> };

export interface DeskCustomerFieldsProps<T extends WithCustomer> {
  /** The form's register; the fields are `customer.<name>`. */
  register: UseFormRegister<T>;
  /** The form's errors of `customer` (react-hook-form's `formState.errors.customer`). */
  errors: Partial<Record<DeskCustomerField, { message?: string } | undefined>> | undefined;
  /** The form's id of a part ('customer-title', 'first', 'last', 'phone', 'email', 'address', 'post-code', 'post-office'). */
  id: (name: string) => string;
  /** The class of a row of two fields side by side; 'desk__pair' unless the form has its own. */
  pairClassName?: string;
  /** Told above the e-mail box (the phone's box then lines up with it at the bottom). */
  emailHint?: string;
}

/**
 * The 'Asiakas' card of a staff form: first and last name, phone, e-mail, address, post code and
 * post office; the last name and the phone marked required.
 */
export function DeskCustomerFields<T extends WithCustomer>({ register, errors: c, id, pairClassName = 'desk__pair', emailHint }: DeskCustomerFieldsProps<T>) {
  const field = (name: DeskCustomerField) => register(`customer.${name}` as Path<T>);
  return (
    <section className="card form-stack" aria-labelledby={id('customer-title')}>
      <h2 id={id('customer-title')} className="card__title">
        Asiakas
      </h2>
      <div className={pairClassName}>
        <InputField id={id('first')} label="Etunimi" autoComplete="off" maxLength={100} error={c?.first_name?.message} {...field('first_name')} />
        <InputField id={id('last')} label="Sukunimi" required autoComplete="off" maxLength={100} error={c?.last_name?.message} {...field('last_name')} />
      </div>
      <div className={emailHint ? `${pairClassName} desk-customer__pair--bottom` : pairClassName}>
        <InputField id={id('phone')} label="Puhelin" type="tel" required autoComplete="off" error={c?.phone_number?.message} {...field('phone_number')} />
        <InputField
          id={id('email')}
          label="Sähköposti"
          type="email"
          autoComplete="off"
          maxLength={254}
          hint={emailHint}
          error={c?.email?.message}
          {...field('email')}
        />
      </div>
      <InputField id={id('address')} label="Osoite" autoComplete="off" maxLength={200} error={c?.address?.message} {...field('address')} />
      <div className={pairClassName}>
        <InputField id={id('post-code')} label="Postinumero" inputMode="numeric" autoComplete="off" error={c?.post_code?.message} {...field('post_code')} />
        <InputField id={id('post-office')} label="Postitoimipaikka" autoComplete="off" maxLength={100} error={c?.post_office?.message} {...field('post_office')} />
      </div>
    </section>
  );
}
