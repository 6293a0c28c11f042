import { StepPage } from '@/components/layout/step-page.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { paths } from '@/config/paths.ts';
import { useProcess } from '@/app/process-context.tsx';

/** Steps of processes whose screens are still being built (other issues). */
export function UnderConstructionStepRoute() {
  const { process, step, goBack } = useProcess();
  const title = process.steps.find((s) => s.path === step)?.title ?? 'Vaihe';
  return (
    <StepPage documentTitle={`${title} – ${process.title}`} title={title} nav={{ onBack: goBack }}>
      <div className="notice notice--info">
        <p>
          <strong>Tämä vaihe on vielä rakenteilla.</strong> {process.title} -ajanvaraus ei ole vielä kokonaan käytössä
          verkossa.
        </p>
        <p>Voit varata ajan jo nyt huoltoon ja korjaukseen tai puhelimitse.</p>
      </div>
      <p>
        <ButtonLink variant="secondary" to={paths.vehicleStep('MAINTENANCE')}>
          Siirry huollon ajanvaraukseen
        </ButtonLink>
      </p>
    </StepPage>
  );
}
