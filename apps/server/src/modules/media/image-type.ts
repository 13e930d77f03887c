import type { PROFILE_PICTURE_TYPES } from '@localmart/contract';

export type ImageType = (typeof PROFILE_PICTURE_TYPES)[number];

const signatures: { type: ImageType; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/jpeg',
    matches: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    type: 'image/png',
    matches: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    // RIFF <4-byte size> WEBP
    type: 'image/webp',
    matches: (b) =>
      b.length >= 12 &&
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The image type the bytes actually are (magic numbers), or undefined. The file name and the
 * declared Content-Type are the uploader's word and are never trusted: a text file renamed .png is
 * not a PNG, and serving it as one under our origin is how stored XSS starts.
 */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  return signatures.find((signature) => signature.matches(bytes))?.type;
}
