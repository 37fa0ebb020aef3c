import sharp from 'sharp';
import type { Db } from '../../db/client';
import { productPictures } from './product-pictures.tables';

/** A small drawn picture (no text: the server may have no fonts), so the demo catalogue's list shows thumbnails. */
async function drawnPicture(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,92%)"/><stop offset="1" stop-color="hsl(${hue},60%,78%)"/>
    </linearGradient></defs>
    <rect width="480" height="360" fill="url(#g)"/>
    <rect x="120" y="150" width="240" height="120" rx="24" fill="hsl(${hue},55%,45%)"/>
    <circle cx="170" cy="290" r="34" fill="hsl(${hue},30%,25%)"/><circle cx="310" cy="290" r="34" fill="hsl(${hue},30%,25%)"/>
    <rect x="220" y="70" width="40" height="90" rx="12" fill="hsl(${hue},45%,35%)"/>
    <circle cx="240" cy="70" r="30" fill="hsl(${(hue + 40) % 360},70%,55%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true, compressionLevel: 9 }).toBuffer();
}

/** Gives the first products of a demo organization a cover picture each (the demo has no uploads otherwise). */
export async function seedProductPictures(db: Db, organizationId: number, productIds: number[]) {
  const hues = [200, 140];
  for (const [i, productId] of productIds.slice(0, hues.length).entries()) {
    const data = await drawnPicture(hues[i]!);
    await db.insert(productPictures).values({
      organizationId,
      productId,
      position: 0,
      name: `demo-${i + 1}.png`,
      mime: 'image/png',
      size: data.length,
      data,
    });
  }
}
