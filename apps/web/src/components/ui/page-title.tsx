import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

let firstPage = true;

export interface PageTitleProps {
  children: ReactNode;
  /** The document title (without the site suffix). */
  documentTitle: string;
  className?: string;
}

/**
 * A page's h1 behaviour, for the booking app and the back-office alike: sets the document
 * title and, after an in-app navigation (not on the first page), moves focus to the heading
 * so that a screen reader user hears where they are. Give the ref to an h1 with tabIndex -1.
 */
export function usePageHeading(documentTitle: string): RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle;
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [documentTitle]);
  return ref;
}

/**
 * The page's h1. Sets the document title and, after an in-app navigation, moves focus
 * to the heading so that a screen reader user hears where they are.
 */
export function PageTitle({ children, documentTitle, className }: PageTitleProps) {
  const ref = usePageHeading(`${documentTitle} – Ajanvaraus – Laakkonen`);
  return (
    <h1 ref={ref} tabIndex={-1} className={['page-title', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
