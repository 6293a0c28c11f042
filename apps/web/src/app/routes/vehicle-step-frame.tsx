import './vehicle-step.css';
import type { ReactNode } from 'react';
import { DEFAULT_SERVICE_BREAK_MESSAGE, isRealLocalDateTime, parseLocalDateTime, type ProcessDefinition, type SiteSettings } from '@huolto/domain';
import { StepPage } from '@/components/layout/step-page.tsx';
import type { StepNavProps } from '@/components/ui/step-nav.tsx';

const HOUR = 3_600_000;

/**
 * Whether the instant `now` is before a settings time: a Helsinki local date-time
 * ('2026-03-29T03:30:00') or one with its offset. A local one is read first as if it were
 * UTC: Helsinki is 2 or 3 hours ahead, so outside that hour the answer is known without
 * the time-zone formatter, whose first use costs tens of milliseconds on a phone.
 */
function isBefore(now: number, value: string): boolean {
  if (!isRealLocalDateTime(value)) return now < Date.parse(value);
  const readAsUtc = Date.parse(`${value}Z`);
  if (now < readAsUtc - 3 * HOUR) return true;
  if (now >= readAsUtc - 2 * HOUR) return false;
  return now < parseLocalDateTime(value).getTime();
}

/** The service-break notice (requirements §2 "Vehicle page"), when the settings say one is on. */
export function ServiceBreakNotice({ settings }: { settings: SiteSettings | undefined }) {
  const sb = settings?.serviceBreak;
  if (!sb?.start || !sb.end) return null;
  const now = Date.now();
  if (isBefore(now, sb.start) || !isBefore(now, sb.end)) return null;
  return (
    <div className="notice notice--warning" role="note">
      <p>
        {sb.message || DEFAULT_SERVICE_BREAK_MESSAGE}
      </p>
    </div>
  );
}

export interface VehicleStepFrameProps {
  process: ProcessDefinition;
  notices?: ReactNode;
  side: ReactNode;
  nav: StepNavProps;
  overlay?: ReactNode;
  /** The vehicle form (or its placeholder). */
  children: ReactNode;
}

/**
 * The vehicle step's page around its form (requirements §2 "Vehicle page"): its title and
 * introduction, and 'Lisätietoa' under the form. Shared by the app's route and the
 * stand-alone first step, which renders it before the app has loaded.
 */
export function VehicleStepFrame({ process, notices, side, nav, overlay, children }: VehicleStepFrameProps) {
  return (
    <StepPage
      documentTitle={`Ajoneuvo – ${process.title}`}
      title="Varaa aika ilman kirjautumista"
      lead={
        process.type === 'MAINTENANCE'
          ? 'Aloita kertomalla auton rekisterinumero ja mittarilukema, niin näytämme autollesi sopivat huollot.'
          : 'Aloita kertomalla auton rekisterinumero.'
      }
      notices={notices}
      side={side}
      nav={nav}
      overlay={overlay}
    >
      {children}
      <details className="more-info">
        <summary>Lisätietoa</summary>
        <p>Äskettäin rekisteröidyn auton tiedot päivittyvät viiveellä, joten voit täyttää tiedot myös itse.</p>
      </details>
    </StepPage>
  );
}
