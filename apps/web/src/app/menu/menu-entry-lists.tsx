import { IonFooter, IonList, IonListHeader, IonNote } from '@ionic/react';
import { APP_VERSION } from '@localmart/contract';
import { env } from '../../lib/env.ts';
import { buildMenuEntries, isCurrentEntry, type MenuEntry } from './menu-entries.ts';
import { MenuItem } from './menu-item.tsx';

interface ListProps {
  username: string | null;
  pathname: string;
  onAction: (entry: MenuEntry) => void;
}

/**
 * The side menu's fixed entries, loaded lazily by side-menu.tsx once the first screen has painted
 * (issue 18): their elements (ion-item, ion-label, ion-list-header, ion-menu-toggle, the footer's
 * ion-footer and ion-note) and their icons are ~12 KB gzipped that the first screen of a phone, where the menu is closed, never shows.
 * CMS pages come from CmsMenuSection; these entries are known synchronously.
 */
export function ShopEntries({ username, pathname, onAction }: ListProps) {
  const entries = buildMenuEntries({ cmsPages: [], username }).filter(
    (entry) => entry.section === 'shop',
  );
  return (
    <IonList lines="none" className="lm-menu-list">
      {entries.map((entry) => (
        <MenuItem
          key={entry.id}
          entry={entry}
          current={isCurrentEntry(entry, pathname)}
          onAction={onAction}
        />
      ))}
    </IonList>
  );
}

/** Profile, My Order and Logout for a signed-in user; Sign in and Create account for a visitor. */
export function AccountEntries({ username, pathname, onAction }: ListProps) {
  const entries = buildMenuEntries({ cmsPages: [], username }).filter(
    (entry) => entry.section === 'account',
  );
  if (entries.length === 0) return null;
  return (
    <IonList lines="none" className="lm-menu-list">
      <IonListHeader>{username ? 'Your account' : 'Account'}</IonListHeader>
      {entries.map((entry) => (
        <MenuItem
          key={entry.id}
          entry={entry}
          current={isCurrentEntry(entry, pathname)}
          onAction={onAction}
        />
      ))}
    </IonList>
  );
}

/** The app's name and version at the foot of the menu. */
export function MenuFooter() {
  return (
    <IonFooter className="ion-no-border">
      <IonNote className="lm-menu-version">
        {env.appName} · Version {APP_VERSION}
      </IonNote>
    </IonFooter>
  );
}
