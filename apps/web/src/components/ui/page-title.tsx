import { useEffect, useRef, type ReactNode } from 'react';

let firstPage = true;

export interface PageTitleProps {
  children: ReactNode;
  /** The document title (without the site suffix). */
  documentTitle: string;
  className?: string;
}

/**
 * The page's h1. Sets the document title and, after an in-app navigation, moves focus
 * to the heading so that a screen reader user hears where they are.
 */
export function PageTitle({ children, documentTitle, className }: PageTitleProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${documentTitle} – Ajanvaraus – Laakkonen`;
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [documentTitle]);
  return (
    <h1 ref={ref} tabIndex={-1} className={['page-title', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
