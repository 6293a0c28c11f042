import { lazy, Suspense, useId } from 'react';
import { useLoyaltyToken } from '@/features/loyalty/loyalty-context.tsx';
import { requestLogin } from '@/lib/first-step-handoff.ts';
import type { LoyaltyBlockProps } from './loyalty-block.tsx';
import { LoyaltyCard, LoyaltyLoginPrompt } from './loyalty-prompt.tsx';

/**
 * The loyalty block's code (its login and saved cars, the account's state) is a chunk of
 * its own, loaded when a step shows the block rather than before the step can be used.
 */
const LoyaltyBlock = lazy(() => import('./loyalty-block.tsx').then((m) => ({ default: m.LoyaltyBlock })));

/** The logged-out block while its code loads: the same card; a click opens the login once it has loaded. */
function LoyaltyPlaceholder({ intro }: { intro?: string }) {
  const titleId = useId();
  if (useLoyaltyToken() !== null) return null;
  return (
    <LoyaltyCard titleId={titleId}>
      <LoyaltyLoginPrompt intro={intro} onLogin={requestLogin} />
    </LoyaltyCard>
  );
}

/** LoyaltyBlock (requirements §2 "Vehicle page", "Customer details page"), loaded on demand. */
export function LazyLoyaltyBlock(props: LoyaltyBlockProps) {
  return (
    <Suspense fallback={<LoyaltyPlaceholder intro={props.intro} />}>
      <LoyaltyBlock {...props} />
    </Suspense>
  );
}
