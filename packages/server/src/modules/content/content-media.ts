import sharp from 'sharp';

/** Images wider than this are scaled down: a phone screen never shows more. */
const MAX_WIDTH = 1600;

/**
 * Server-side compression of a media-library image (sharp): still JPEG, PNG and WebP images are scaled down to at
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
