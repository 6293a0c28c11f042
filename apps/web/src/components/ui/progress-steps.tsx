import './progress-bar.css';
import type { ReactElement, ReactNode } from 'react';
import { progressSteps, stepStatuses, type ProcessDefinition } from '@huolto/domain';
import { CheckIcon } from './icons.tsx';

/** How a finished step links back: a router Link in the app (progress-bar.tsx), <a> on the stand-alone first step. */
export type StepLink = (props: { to: string; className: string; children: ReactNode }) => ReactElement;

export interface ProgressBarProps {
  process: ProcessDefinition;
  /** Route segment of the step being shown. */
  activeStep: string;
  /** Build the link of a finished step. */
  stepHref: (stepPath: string) => string;
  /** No going back (after the booking was saved). */
  locked?: boolean;
}

/**
 * The steps of a process but the thanks page (requirements §2). Finished steps show a check
 * mark and are the only links (they go back); the active and later steps show their
 * number. On phones only the markers and the active step's title are shown.
 */
export function ProgressSteps({
  process,
  activeStep,
  stepHref,
  locked = false,
  StepLink,
}: ProgressBarProps & { StepLink: StepLink }) {
  const steps = progressSteps(process);
  const statuses = stepStatuses(process, activeStep);
  const activeIndex = steps.findIndex((s) => s.path === activeStep);
  const active = steps[activeIndex];

  return (
    <nav className="progress" aria-label="Varauksen vaiheet">
      <ol className="progress__list">
        {steps.map((step, i) => {
          const status = statuses[i] ?? 'UNFINISHED';
          const number = i + 1;
          if (status === 'FINISHED') {
            const content = (
              <>
                <span className="progress__marker">
                  <CheckIcon />
                </span>
                <span className="progress__label">{step.title}</span>
                <span className="visually-hidden"> (valmis)</span>
              </>
            );
            return (
              <li key={step.path} className="progress__step progress__step--finished">
                {locked ? (
                  <span className="progress__item">{content}</span>
                ) : (
                  <StepLink className="progress__item" to={stepHref(step.path)}>
                    {content}
                  </StepLink>
                )}
              </li>
            );
          }
          const isActive = status === 'ACTIVE';
          return (
            <li
              key={step.path}
              className={`progress__step ${isActive ? 'progress__step--active' : 'progress__step--unfinished'}`}
            >
              <span className="progress__item" aria-current={isActive ? 'step' : undefined}>
                <span className="progress__marker">{number}</span>
                <span className="progress__label">{step.title}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {active && (
        <p className="progress__compact" aria-hidden="true">
          Vaihe {activeIndex + 1}/{steps.length}: <strong>{active.title}</strong>
        </p>
      )}
    </nav>
  );
}
