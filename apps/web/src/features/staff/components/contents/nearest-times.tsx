import { Button } from '@/components/ui/button.tsx';
import { fitLabel, type DeskFit } from './contents-model.ts';

/**
 * The new work does not fit the booking's time (409 DOES_NOT_FIT): the server's message and
 * the nearest starts where it fits, each a choice that saves the change there.
 */
export function NearestTimes({
  message,
  nearest,
  pending,
  onChoose,
}: {
  message: string;
  nearest: readonly DeskFit[];
  pending: boolean;
  onChoose: (fit: DeskFit) => void;
}) {
  return (
    <section className="notice notice--warning contents__nearest" role="alert" aria-labelledby="contents-nearest-title">
      <h2 id="contents-nearest-title" className="contents__nearest-title">
        {message}
      </h2>
      {nearest.length > 0 ? (
        <>
          <p>Valitsemalla ajan muutokset tallennetaan ja varaus siirtyy sille:</p>
          <ul className="contents__nearest-list">
            {nearest.map((fit) => (
              <li key={`${fit.start}-${fit.resourceId}`}>
                <Button variant="secondary" disabled={pending} onClick={() => onChoose(fit)}>
                  {fitLabel(fit)}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Lähipäiviltä ei löytynyt aikaa, johon muutettu työ mahtuisi. Muuta valintoja tai siirrä varaus varauksen sivulla.</p>
      )}
    </section>
  );
}
