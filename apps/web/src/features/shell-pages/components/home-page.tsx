import { labels } from '@localmart/contract';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { HomeContent } from './home-content.tsx';

/** /home: the Stores page (spec §2 menu entry "Stores"). */
export function HomePage() {
  return (
    <AppPage title={labels.menuStores}>
      <HomeContent />
    </AppPage>
  );
}
