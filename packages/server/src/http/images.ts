import { fileTypeFromBuffer } from 'file-type';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';

/** Images wider than this are scaled down: a phone screen never shows more. */
const MAX_WIDTH = 1600;

/**
 * Server-side compression of an uploaded image (sharp; the content media library and product pictures): still JPEG, PNG and WebP images are scaled down to at
 * most 1600 px wide and re-encoded (JPEG quality 80, PNG palette, WebP quality 80); GIFs (maybe animated) are kept.
 * The original is kept whenever the re-encoded image is not smaller. Null when the bytes start like an image but do
 * not decode as one (the upload is refused).
 */
export async function compressImage(data: Buffer, mime: string): Promise<{ data: Buffer; mime: string } | null> {
  if (mime === 'image/gif')
    return (await sharp(data)
      .metadata()
      .then(
        () => true,
        () => false,
      ))
      ? { data, mime }
      : null;
  try {
    const image = sharp(data, { failOn: 'error' }).rotate().resize({ width: MAX_WIDTH, withoutEnlargement: true });
    const out =
      mime === 'image/png'
        ? await image.png({ palette: true, compressionLevel: 9 }).toBuffer()
        : mime === 'image/webp'
          ? await image.webp({ quality: 80 }).toBuffer()
          : await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return out.length < data.length ? { data: out, mime } : { data, mime };
  } catch {
    return null;
  }
}

/** What `acceptImage` keeps: the bytes to store and their type, detected from the bytes. */
export type AcceptedImage = { data: Buffer; mime: string };

/**
 * An uploaded image checked by its bytes, never by its name or declared type: file-type must detect one of `types`
 * (file-type's extensions: jpg, png, gif, webp) and the bytes must decode; then compressed as `compressImage` does.
 * Null when refused (the caller answers with its own message and writes nothing).
 */
export async function acceptImage(data: Buffer, types: readonly string[]): Promise<AcceptedImage | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !types.includes(detected.ext)) return null;
  return compressImage(data, detected.mime);
}

/** An uploaded file's name as a row may keep it: the last path segment, no control characters or quotes. */
export function storableFileName(filename: string, fallback: string, max = 200): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    [...base]
      .filter((c) => c.charCodeAt(0) > 0x1f && c !== '"')
      .join('')
      .slice(0, max) || fallback
  );
}

/**
 * Sends a stored image to show in the page: the type it was stored with (never sniffed), inline under `name`, kept
 * by the browser for `maxAgeSeconds` (private: it is the organization's).
 */
export function sendStoredImage(
  reply: FastifyReply,
  image: { mime: string; data: Buffer },
  name: string,
  maxAgeSeconds: number,
) {
  return reply
    .header('content-type', image.mime)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .header('x-content-type-options', 'nosniff')
    .send(image.data);
}
