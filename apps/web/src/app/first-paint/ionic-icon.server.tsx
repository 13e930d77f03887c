/**
 * `IonIcon` for the server-rendered first paint (vite.first-paint.config.ts puts this module in place
 * of `@ionic/react`, which needs a browser). The icon is drawn inline from ionicons' own SVG: an
 * `<ion-icon>` element would be upgraded by Ionic once the app loads and lose its drawing.
 */
export interface IonIconProps {
  icon?: string;
  className?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
}

const DATA_URL = 'data:image/svg+xml;utf8,';

/** The SVG markup of an ionicons icon (a `data:image/svg+xml;utf8,` URL in the package). */
export function iconSvg(icon: string | undefined): string {
  if (!icon?.startsWith(DATA_URL)) return '';
  return icon.slice(DATA_URL.length);
}

export function IonIcon({ icon, className }: IonIconProps) {
  return (
    <span
      className={['lm-fp-icon', className].filter(Boolean).join(' ')}
      aria-hidden="true"
      // Markup from the ionicons package, built in, never from a request.
      dangerouslySetInnerHTML={{ __html: iconSvg(icon) }}
    />
  );
}
