import './loader-overlay.css';
export interface LoaderOverlayProps {
  active: boolean;
}

/**
 * Covers the page while a change is being saved, so nothing is clicked twice. It
 * appears at once for pointer input but fades in only after a moment (CSS), so quick
 * calls do not flash.
 */
export function LoaderOverlay({ active }: LoaderOverlayProps) {
  if (!active) return null;
  return (
    <div className="loader-overlay" role="status" aria-busy="true" aria-label="Ladataan…">
      <span className="spinner spinner--large" aria-hidden="true" />
      <span className="visually-hidden">Ladataan…</span>
    </div>
  );
}
