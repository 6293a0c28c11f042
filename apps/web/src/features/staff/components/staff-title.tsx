import { useEffect, useRef, type ReactNode } from 'react';

let firstPage = true;

/** Sets the document title: 'Päivänäkymä – Hallinta'. */
export function useStaffTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – Hallinta`;
  }, [title]);
}

/**
 * A back-office page's h1. Sets the document title and, after an in-app navigation, moves
 * focus to the heading so that a screen reader user hears where they are.
 */
export function StaffPageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useStaffTitle(documentTitle);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    ref.current?.focus({ preventScroll: true });
  }, [documentTitle]);
  return (
    <h1 ref={ref} tabIndex={-1} className="staff-page-title">
      {children}
    </h1>
  );
}
