import { PageTitle } from '@/components/ui/page-title.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { paths } from '@/config/paths.ts';

/** Unknown paths. */
export function NotFoundRoute() {
  return (
    <div className="page">
      <PageTitle documentTitle="Sivua ei löytynyt">Sivua ei löytynyt</PageTitle>
      <p className="lead">Hakemaasi sivua ei ole olemassa tai se on siirtynyt.</p>
      <ButtonLink to={paths.landing}>Etusivulle</ButtonLink>
    </div>
  );
}
