import { useEffect, type ReactNode } from 'react';
import { usePageHeading } from '@/components/ui/page-title.tsx';

/** The document title of a back-office page: 'Päivänäkymä – Hallinta'. */
const staffTitle = (title: string) => `${title} – Hallinta`;

/** Sets the document title: 'Päivänäkymä – Hallinta' (a page without a StaffPageTitle, the sign-in). */
export function useStaffTitle(title: string): void {
  useEffect(() => {
    document.title = staffTitle(title);
  }, [title]);
}

/**
 * A back-office page's h1. Sets the document title and, after an in-app navigation, moves
 * focus to the heading so that a screen reader user hears where they are.
 */
export function StaffPageTitle({ children, documentTitle }: { children: ReactNode; documentTitle: string }) {
  const ref = usePageHeading(staffTitle(documentTitle));
  return (
    <h1 ref={ref} tabIndex={-1} className="staff-page-title">
      {children}
    </h1>
  );
}
