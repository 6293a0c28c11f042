import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

function classes(variant: ButtonVariant, extra?: string, block?: boolean) {
  return ['btn', `btn--${variant}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

/** A real <button>; type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={classes(variant, className, block)} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: ButtonLinkProps) {
  return <Link className={classes(variant, className, block)} {...rest} />;
}
