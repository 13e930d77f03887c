import { useParams } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  detail?: ((params: Readonly<Record<string, string | undefined>>) => string) | undefined;
  backTo?: string | undefined;
}

/**
 * A page whose screen is not built yet: its title and a few sentences on what it will hold, driven by
 * the route table entry so thirty routes do not need thirty near-identical files.
 */
export function PlaceholderPage({ title, description, detail, backTo }: PlaceholderPageProps) {
  const params = useParams();
  return (
    <AppPage title={title} backTo={backTo}>
      <section className="lm-placeholder">
        {detail && <h2 className="lm-placeholder-detail">{detail(params)}</h2>}
        <p className="lm-placeholder-lead">{description}</p>
        <p className="lm-placeholder-note">This screen is on its way.</p>
      </section>
    </AppPage>
  );
}
