import { Link } from 'react-router';
import { ProgressSteps, type ProgressBarProps, type StepLink } from './progress-steps.tsx';

export type { ProgressBarProps } from './progress-steps.tsx';

const RouterStepLink: StepLink = ({ to, className, children }) => (
  <Link className={className} to={to}>
    {children}
  </Link>
);

/** The app's progress bar (progress-steps.tsx): finished steps are router links. */
export function ProgressBar(props: ProgressBarProps) {
  return <ProgressSteps {...props} StepLink={RouterStepLink} />;
}
