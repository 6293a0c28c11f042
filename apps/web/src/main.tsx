import './styles/tokens.css';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

/**
 * A first load of the landing page takes the stand-alone landing (React and the page only);
 * every other address takes the booking app with its router and query cache. Inside the app
 * the landing is a route like the others.
 */
const path = window.location.pathname.replace(/\/+$/, '');
if (path === '' || path === '/etusivu') {
  void import('./landing-entry.tsx').then((m) => m.mountLanding(root));
} else {
  void import('./app-entry.tsx').then((m) => m.mountApp(root));
  // Where every booking starts (the landing's tiles lead here): its chunk is fetched beside
  // the app's rather than after the router asks for it; the router then finds it loaded.
  if (/^\/[a-z]+\/ajoneuvo$/.test(path)) void import('./app/routes/vehicle-step.tsx');
}
