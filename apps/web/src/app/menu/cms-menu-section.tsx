import { IonList, IonListHeader } from '@ionic/react';
import { usePages } from '../../features/cms/api/get-pages.ts';
import { buildMenuEntries, isCurrentEntry } from './menu-entries.ts';
import { MenuItem } from './menu-item.tsx';

/**
 * The menu's CMS entries (spec §2), loaded lazily by the side menu: this module brings the HTTP
 * client and the contract's schemas (zod), which the first paint does not need.
 */
export function CmsMenuSection({ pathname }: { pathname: string }) {
  const pages = usePages();
  const entries = buildMenuEntries({ cmsPages: pages.data ?? [], username: null }).filter(
    (entry) => entry.section === 'pages',
  );
  if (entries.length === 0) return null;
  return (
    <IonList lines="none" className="lm-menu-list">
      <IonListHeader>Information</IonListHeader>
      {entries.map((entry) => (
        <MenuItem key={entry.id} entry={entry} current={isCurrentEntry(entry, pathname)} />
      ))}
    </IonList>
  );
}
