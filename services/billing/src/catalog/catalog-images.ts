import { createHash } from 'node:crypto';
import { DomainError } from '@mia/service-kit';
import sharp from 'sharp';
import type { Billing } from '../billing.js';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;
/** Large enough for a card on a wide screen at 2x; anything larger is only weight. */
export const MAX_IMAGE_SIDE = 1024;
export const IMAGE_PATH_PREFIX = '/api/catalog/images/';

const FILE_PATTERN = /^[a-f0-9]{64}\.webp$/;

const notAnImage = () =>
  new DomainError(
    'invalid',
    'invalid_image',
    'El archivo no es una imagen PNG, JPEG o WebP válida.',
  );

/**
 * Decodes the upload and writes it again as WebP no larger than 1024 px: whatever the file
 * carried (metadata, a script in a polyglot, a decompression bomb past sharp's pixel limit)
 * does not survive, and pages load a small image.
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** Stores the re-encoded image under the hash of its content (the same upload: the same name). */
export async function storeImage(billing: Billing, upload: Buffer): Promise<string> {
  if (upload.length === 0) throw notAnImage();
  const webp = await reencodeImage(upload);
  const file = `${createHash('sha256').update(webp).digest('hex')}.webp`;
  await billing.db.catalogImage.upsert({
    where: { file },
    create: {
      file,
      contentType: 'image/webp',
      bytes: new Uint8Array(webp),
      createdAt: billing.clock(),
    },
    update: {},
  });
  return `${IMAGE_PATH_PREFIX}${file}`;
}

/** An uploaded image by file name; undefined when no such image was stored. */
export async function loadImage(
  billing: Billing,
  file: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  if (!FILE_PATTERN.test(file)) return undefined;
  const row = await billing.db.catalogImage.findUnique({ where: { file } });
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.bytes) } : undefined;
}
