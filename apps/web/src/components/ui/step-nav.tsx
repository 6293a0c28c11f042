import './step-nav.css';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface StepNavProps {
  /** Omitted: no Back button. */
  onBack?: () => void;
  backLabel?: string;
  /** Omitted: no Continue button. */
  onContinue?: () => void;
  continueLabel?: string;
  continueDisabled?: boolean;
  /** Makes Continue the submit button of this form (by id). */
  continueForm?: string;
  /** Why Continue is disabled, read out with the button. */
  continueHint?: string;
  /** e.g. the cart total; kept in view on phones. */
  summary?: ReactNode;
}

/** Whether the step has a Continue (a handler, or the submit of a form). */
export function hasContinue(nav: StepNavProps): boolean {
  return Boolean(nav.onContinue || nav.continueForm);
}

/**
 * The step's primary action, wherever it stands (the bar at the foot of the step, or the
 * sticky cart column on a desktop): the same label, state and handler in both places.
 */
export function ContinueButton({
  onContinue,
  continueLabel = 'Jatka',
  continueDisabled = false,
  continueForm,
  hintId,
  className,
}: Pick<StepNavProps, 'onContinue' | 'continueLabel' | 'continueDisabled' | 'continueForm'> & {
  /** The id of the text that says why the button is disabled. */
  hintId?: string | undefined;
  className?: string;
}) {
  return (
    <Button
      variant="primary"
      type={continueForm ? 'submit' : 'button'}
      form={continueForm}
      onClick={continueForm ? undefined : onContinue}
      disabled={continueDisabled}
      aria-describedby={continueDisabled ? hintId : undefined}
      className={className}
    >
      {continueLabel}
    </Button>
  );
}

/**
 * Back and Continue (requirements §2). On small screens a sticky bar at the bottom, so the
 * next step and the total are always at hand; with Back alone, a plain row at the foot.
 */
export function StepNav({
  onBack,
  backLabel = 'Takaisin',
  onContinue,
  continueLabel = 'Jatka',
  continueDisabled = false,
  continueForm,
  continueHint,
  summary,
}: StepNavProps) {
  const hintId = continueHint ? 'step-nav-hint' : undefined;
  /**
   * Back alone (e.g. the vehicle step before a car is known) is no action to keep at hand:
   * the bar is then not sticky, so it covers nothing of the step, and Back is not stretched.
   */
  const backOnly = !onContinue && !continueForm && !summary;
  return (
    <div className={backOnly ? 'step-nav step-nav--back-only' : 'step-nav'}>
      <div className="step-nav__inner">
        {summary && <div className="step-nav__summary">{summary}</div>}
        {continueHint && continueDisabled && (
          <p className="step-nav__hint" id={hintId}>
            {continueHint}
          </p>
        )}
        <div className="step-nav__buttons">
          {onBack && (
            <Button variant="secondary" onClick={onBack}>
              {backLabel}
            </Button>
          )}
          {(onContinue || continueForm) && (
            <ContinueButton
              onContinue={onContinue}
              continueLabel={continueLabel}
              continueDisabled={continueDisabled}
              continueForm={continueForm}
              hintId={hintId}
              className="step-nav__continue"
            />
          )}
        </div>
      </div>
    </div>
  );
}
