import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * A first load of the landing page takes the stand-alone landing (React and the page only),
 * and of a process's vehicle step the stand-alone first step; every other address takes the
 * booking app with its router and query cache. Inside the app both are routes like the others.
 * The workshop's back-office (/hallinta) is an app of its own (app/staff/staff-entry.tsx).
 */
const path = window.location.pathname.replace(/\/+$/, '');
if (path === '/hallinta' || path.startsWith('/hallinta/')) {
  // The workshop's back-office: its own entry and chunks, never loaded by the booking pages.
  void import('@/app/staff/staff-entry.tsx').then((m) => m.mountStaff(root));
} else if (path === '' || path === '/etusivu') {
  void import('./landing-entry.tsx').then((m) => m.mountLanding(root));
} else if (/^\/[a-z]+\/ajoneuvo$/.test(path)) {
  // Where every booking starts (the landing's tiles lead here): the vehicle step on its own,
  // prerendered, usable before the booking app has loaded (first-step-entry.tsx).
  void import('./first-step-entry.tsx').then((m) => {
    if (!m.mountFirstStep(root)) void import('./app-entry.tsx').then((a) => a.mountApp(root));
  });
} else {
  void import('./app-entry.tsx').then((m) => m.mountApp(root));
}
