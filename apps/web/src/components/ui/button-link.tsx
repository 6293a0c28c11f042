import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type ButtonVariant } from './button.tsx';

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link). */
export function ButtonLink({ variant = 'primary', block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, className, block)} {...rest} />;
}
