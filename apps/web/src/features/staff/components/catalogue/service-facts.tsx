import './catalogue.css';
import { CATALOGUE_STAGE_LABELS, formatEuros, type ServiceDetails, type VehicleMake, type WorkKind } from '@huolto/domain';
import { durationText, validityText } from './catalogue-format.ts';
import { ActiveBadge } from './service-list.tsx';

/** A service as an office user reads it: its group, price, work, fit, validity and its operations. */
export function ServiceFacts({ service, workKinds, makes }: { service: ServiceDetails; workKinds: WorkKind[]; makes: VehicleMake[] }) {
  const km =
    service.minKm === null && service.maxKm === null ? 'Kaikki' : `${service.minKm ?? 0}–${service.maxKm === null ? '' : service.maxKm} km`;
  const facts: [string, string][] = [
    ['Ryhmä', `${service.groupTitle} (${CATALOGUE_STAGE_LABELS[service.stage]})`],
    ['Tunnus', service.code],
    ['Hinta', formatEuros(service.priceCents)],
    ...(service.normalPriceCents === null ? [] : ([['Normaalihinta', formatEuros(service.normalPriceCents)]] as [string, string][])),
    ['Kesto', durationText(service.durationMinutes)],
    ['Työlaji', service.workKind === null ? 'Mikä tahansa resurssi' : (workKinds.find((k) => k.code === service.workKind)?.name ?? service.workKind)],
    ['Automerkki', service.makeId === null ? 'Kaikki merkit' : (makes.find((m) => m.id === service.makeId)?.name ?? String(service.makeId))],
    ['Mittarilukema', km],
    ['Voimassa', validityText(service.validFrom, service.validTo)],
  ];
  return (
    <section className="card form-stack">
      <p>
        <ActiveBadge active={service.active} />
      </p>
      <dl className="catalogue__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {service.operations.length > 0 && (
        <>
          <h2 className="card__title">Työvaiheet</h2>
          <ol>
            {service.operations.map((o, i) => (
              <li key={i}>
                {o.description}
                {o.spareParts.length > 0 && <span className="muted"> – {o.spareParts.join(', ')}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
