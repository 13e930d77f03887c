import { serverOrigin } from '../../../lib/platform.ts';

/** "AL" for Ada Lovelace: the avatar shown when there is no picture. */
export function initialsOf(firstName: string, lastName: string, fallback = ''): string {
  const letters = [firstName, lastName]
    .map((name) => name.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || fallback.trim().charAt(0) || '?').toUpperCase();
}

/** "March 2025" for the profile's creation date; '' when the date cannot be read. */
export function memberSince(createdAt: string, locale = 'en-US'): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(date);
}

/** Our own media URLs are server paths; the native shells must prefix the server's origin. */
export function pictureSrc(picture: string | null, origin: string = serverOrigin()): string | null {
  if (!picture) return null;
  return picture.startsWith('/') && !picture.startsWith('//') ? `${origin}${picture}` : picture;
}
