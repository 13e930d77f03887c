import { IonButton, IonIcon } from '@ionic/react';
import { commonMessages, labels } from '@localmart/contract';
import { createOutline, receiptOutline, starOutline } from 'ionicons/icons';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { loginPathWithReturn } from '../../../lib/return-url.ts';
import { useOwnProfile } from '../model/use-own-profile.ts';
import { memberSince } from '../model/profile-format.ts';
import { NotificationSettings } from './notification-settings.tsx';
import { PriceMatchList } from './price-match-list.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { SubstitutionDefault } from './substitution-default.tsx';
import { DealDigestSetting } from './deal-digest-setting.tsx';

export const EDIT_PROFILE_LABEL = 'Edit profile';
export const MY_REVIEWS_LABEL = 'My reviews';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const DEMO_NOTE = 'Demo mode: this profile is kept on this device only.';

export interface ProfileView {
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  picture: string | null;
  email_verified: boolean;
  created_at: string;
}

/** The profile card: picture, names, email with its verified badge, member since, and links. */
export function ProfileCard({ profile, note }: { profile: ProfileView; note?: string }) {
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const since = memberSince(profile.created_at);
  return (
    <section className="lm-profile" aria-labelledby="profile-name">
      <div className="lm-profile-head">
        <ProfileAvatar
          picture={profile.picture}
          firstName={profile.first_name}
          lastName={profile.last_name}
          displayName={profile.display_name}
        />
        <div>
          <h2 id="profile-name" className="lm-profile-name">
            {profile.display_name || fullName}
          </h2>
          {since && <p className="lm-profile-since">Member since {since}</p>}
        </div>
      </div>
      {note && <p className="lm-auth-note">{note}</p>}
      <dl className="lm-profile-facts">
        <div>
          <dt>First name</dt>
          <dd>{profile.first_name}</dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>{profile.last_name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <span className="lm-profile-email">{profile.email}</span>{' '}
            {profile.email_verified ? (
              <span className="lm-badge lm-badge-ok">Verified</span>
            ) : (
              <span className="lm-badge">Not verified</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="lm-profile-actions">
        <IonButton routerLink="/edit-profile" expand="block">
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          {EDIT_PROFILE_LABEL}
        </IonButton>
        <IonButton routerLink="/my-order" expand="block" fill="outline">
          <IonIcon slot="start" icon={receiptOutline} aria-hidden="true" />
          {labels.menuMyOrder}
        </IonButton>
        {/* The profile says the display name shows "in your reviews": here they are (issue 17). */}
        <IonButton routerLink="/my-reviews" expand="block" fill="outline">
          <IonIcon slot="start" icon={starOutline} aria-hidden="true" />
          {MY_REVIEWS_LABEL}
        </IonButton>
      </div>
    </section>
  );
}

/**
 * /profile: the signed-in user's profile from the server. Anonymous visitors are sent to sign in
 * with return_url=profile; a demo Google session (spec §4) shows its demo user record instead, and
 * has no price-match requests (they belong to a server account).
 */
export function ProfilePage() {
  const { session, demoUser, query } = useOwnProfile('profile');

  let body;
  if (!session.isLoggedIn) {
    body = null;
  } else if (demoUser) {
    body = (
      <ProfileCard
        profile={{ ...demoUser, picture: demoUser.picture || null, email_verified: true }}
        note={DEMO_NOTE}
      />
    );
  } else if (query.isPending) {
    body = <ContentSkeleton label="Loading profile" />;
  } else if (query.isError) {
    body = (
      <section className="lm-placeholder" role="alert">
        <p className="lm-placeholder-lead">{commonMessages.genericFailure}</p>
        <IonButton onClick={() => void query.refetch()}>Retry</IonButton>
      </section>
    );
  } else if (!query.data.signedIn) {
    body = (
      <section className="lm-placeholder" role="alert">
        <p className="lm-placeholder-lead">{SESSION_ENDED}</p>
        <IonButton routerLink={loginPathWithReturn('profile')}>{labels.signIn}</IonButton>
      </section>
    );
  } else {
    body = (
      <>
        <ProfileCard profile={query.data.profile} />
        <NotificationSettings />
        <SubstitutionDefault />
        <DealDigestSetting />
        <PriceMatchList />
      </>
    );
  }

  return <AppPage title={labels.menuProfile}>{body}</AppPage>;
}
