import { accountMessages, PROFILE_PICTURE_MAX_BYTES } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { parseDemoUser } from './demo-user.ts';
import { checkPicture } from './picture-check.ts';
import { initialsOf, memberSince, pictureSrc } from './profile-format.ts';

describe('checkPicture', () => {
  it('accepts JPEG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(checkPicture({ type, size: PROFILE_PICTURE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types, larger files and empty files with a clear message', () => {
    expect(checkPicture({ type: 'image/gif', size: 10 })).toBe(
      accountMessages.pictureTypeUnsupported,
    );
    expect(checkPicture({ type: '', size: 10 })).toBe(accountMessages.pictureTypeUnsupported);
    expect(checkPicture({ type: 'image/png', size: PROFILE_PICTURE_MAX_BYTES + 1 })).toBe(
      accountMessages.pictureTooLarge,
    );
    expect(checkPicture({ type: 'image/png', size: 0 })).toBe(accountMessages.pictureMissing);
  });
});

describe('profile formatting', () => {
  it('initials from the names, else the display name', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf('Ada', '')).toBe('A');
    expect(initialsOf('', '', 'countess')).toBe('C');
    expect(initialsOf('', '')).toBe('?');
  });

  it('member since: month and year', () => {
    expect(memberSince('2024-03-15T10:00:00.000Z')).toBe('March 2024');
    expect(memberSince('not a date')).toBe('');
  });

  it('prefixes the server origin to our own media paths only', () => {
    expect(pictureSrc('/api/v1/media/1', 'https://shop.example.com')).toBe(
      'https://shop.example.com/api/v1/media/1',
    );
    expect(pictureSrc('https://lh3.googleusercontent.com/a', 'https://x')).toBe(
      'https://lh3.googleusercontent.com/a',
    );
    expect(pictureSrc(null)).toBeNull();
  });

  it('reads only a valid demo record', () => {
    expect(parseDemoUser(null)).toBeNull();
    expect(parseDemoUser('{not json')).toBeNull();
    expect(parseDemoUser('{"_id":"x"}')).toBeNull();
  });
});
