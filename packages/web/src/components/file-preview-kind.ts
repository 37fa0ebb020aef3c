/**
 * What the preview dialog can do with a file (spec section 9, "Previewable"): images in <img>, PDF in a frame, text
 * as text, video in <video>; the other previewable formats (office documents, videos a browser does not play) are
 * listed but shown as "cannot be previewed here" with a download. A file outside the list gets no preview at all.
 */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'video' | 'none';

const IMAGE = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'];
const DOCUMENT = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'odt', 'ods', 'odp'];
const VIDEO = ['mp4', 'mkv', 'webm', 'avi', 'mov', 'flv', 'wmv'];
/** the videos a browser plays (mov: QuickTime, often H.264 that Chromium plays; a failure falls back to download) */
const PLAYABLE_VIDEO = ['mp4', 'webm', 'mov'];

/** The content type a kind renders under: the server's may be generic, and <img> needs image/svg+xml for SVG. */
const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain;charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const MIME_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** The file's extension, lower case, from its name; else from its MIME type (a name without one). */
export function fileExtension(name: string, mime?: string | null): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
  if (ext) return ext;
  return MIME_EXT[(mime ?? '').split(';')[0]!.trim().toLowerCase()] ?? '';
}

/** Whether the file is one of the spec's previewable formats (it gets a preview button). */
export function isPreviewable(name: string, mime?: string | null): boolean {
  const ext = fileExtension(name, mime);
  return IMAGE.includes(ext) || DOCUMENT.includes(ext) || VIDEO.includes(ext);
}

/** How the dialog shows the file. */
export function previewKind(name: string, mime?: string | null): PreviewKind {
  const ext = fileExtension(name, mime);
  if (IMAGE.includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'txt') return 'text';
  if (PLAYABLE_VIDEO.includes(ext)) return 'video';
  return 'none';
}

/** The content type to render the file under (its own when the format has none here). */
export function previewMime(name: string, mime?: string | null): string {
  return MIME[fileExtension(name, mime)] ?? mime ?? 'application/octet-stream';
}

/** The text preview shows the first 200 KB. */
export const TEXT_PREVIEW_BYTES = 200 * 1024;
