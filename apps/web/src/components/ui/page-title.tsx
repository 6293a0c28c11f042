import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { siteTitle, useCompanyName } from '@/components/layout/site-settings-context.tsx';

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
 * `page` names the page when the title also carries something that may change while the page
 * is shown (the company's name, once the settings have loaded): only a new page moves the focus.
 */
export function usePageHeading(documentTitle: string, page: string = documentTitle): RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [page]);
  return ref;
}

/**
 * The page's h1. Sets the document title ('Etusivu – Ajanvaraus – Yritys') and, after an
 * in-app navigation, moves focus to the heading so that a screen reader user hears where they are.
 */
export function PageTitle({ children, documentTitle, className }: PageTitleProps) {
  const ref = usePageHeading(siteTitle(documentTitle, useCompanyName()), documentTitle);
  return (
    <h1 ref={ref} tabIndex={-1} className={['page-title', className].filter(Boolean).join(' ')}>
      {children}
    </h1>
  );
}
