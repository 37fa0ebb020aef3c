import fs from 'node:fs';
import pdfmake from 'pdfmake';

/**
 * PDF documents of the product (treatment card, assessment report, receipt): pdfmake with Noto CJK from Debian's
 * fonts-noto-cjk (one .ttc holds every CJK face; pdfmake takes the face by name) under the font name `Noto`. The
 * documents name no files or URLs: any other access is refused.
 */
const FONT_DIR = '/usr/share/fonts/opentype/noto';
const REGULAR: [string, string] = [`${FONT_DIR}/NotoSansCJK-Regular.ttc`, 'NotoSansCJKsc-Regular'];
const BOLD: [string, string] = [`${FONT_DIR}/NotoSansCJK-Bold.ttc`, 'NotoSansCJKsc-Bold'];

let fontsSet = false;
function setFonts() {
  if (fontsSet) return;
  if (!fs.existsSync(REGULAR[0])) throw new Error(`pdf: font ${REGULAR[0]} missing (install fonts-noto-cjk)`);
  const bold = fs.existsSync(BOLD[0]) ? BOLD : REGULAR;
  // a .ttc face is [file, face name]; the typings only know plain files
  pdfmake.setFonts({ Noto: { normal: REGULAR, bold, italics: REGULAR, bolditalics: bold } } as never);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path: string) => path.startsWith(FONT_DIR));
  fontsSet = true;
}

/** Renders a pdfmake document definition (its default font `Noto`) to bytes. */
export async function renderPdf(doc: object): Promise<Buffer> {
  setFonts();
  return Buffer.from(await pdfmake.createPdf(doc as never).getBuffer());
}
