import '@/features/statements/components/statements.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { AccessibilityStatementContent } from '@/features/statements/components/accessibility-statement.tsx';

/**
 * The page the feedback is about: `?sivu=`, else the path of the page the customer came from
 * (same site only, without its query, which may hold a booking key), else ''.
 */
export function feedbackPage(sivu: string | null, referrer: string, origin: string): string {
  if (sivu) return sivu.trim();
  try {
    const from = new URL(referrer);
    if (from.origin !== origin || from.pathname === SITE_PAGES.accessibility) return '';
    return from.pathname;
  } catch {
    return '';
  }
}

/** '/saavutettavuusseloste': the accessibility statement and its feedback form. */
export function AccessibilityStatementRoute() {
  const [params] = useSearchParams();
  const [page] = useState(() => feedbackPage(params.get('sivu'), document.referrer, window.location.origin));
  return (
    <div className="page statement">
      <PageTitle documentTitle="Saavutettavuusseloste">Saavutettavuusseloste</PageTitle>
      <AccessibilityStatementContent page={page} />
    </div>
  );
}
