import './offline-banner.css';

/** The offline state: the shell and the pages saved on this device still open (sw.ts). */
export const OFFLINE_TITLE = "You're offline";
export const OFFLINE_MESSAGE =
  'Pages you opened before still work. We will catch up when you are back.';

export function OfflineBanner() {
  return (
    <div className="lm-offline-banner" role="status">
      <strong>{OFFLINE_TITLE}</strong> <span>{OFFLINE_MESSAGE}</span>
    </div>
  );
}
