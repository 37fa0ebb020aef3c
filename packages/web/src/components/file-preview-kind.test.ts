import { describe, expect, it } from 'vitest';
import { fileExtension, isPreviewable, previewKind, previewMime } from './file-preview-kind';

describe('previewKind', () => {
  it('shows images, PDF, text and the videos a browser plays', () => {
    for (const n of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.bmp', 'a.svg', 'a.webp'])
      expect(previewKind(n)).toBe('image');
    expect(previewKind('scan.PDF')).toBe('pdf');
    expect(previewKind('notes.txt')).toBe('text');
    for (const n of ['a.mp4', 'a.webm', 'a.mov']) expect(previewKind(n)).toBe('video');
  });
  it('lists office documents and other videos as previewable but not shown in the browser', () => {
    for (const ext of ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'mkv', 'avi', 'flv', 'wmv']) {
      expect(isPreviewable(`f.${ext}`)).toBe(true);
      expect(previewKind(`f.${ext}`)).toBe('none');
    }
  });
  it('gives no preview to formats outside the list', () => {
    for (const n of ['a.zip', 'a.exe', 'a.html', 'noext', 'trailing.']) {
      expect(isPreviewable(n)).toBe(false);
      expect(previewKind(n)).toBe('none');
    }
  });
  it('falls back to the MIME type for a name without an extension; the name wins otherwise', () => {
    expect(fileExtension('scan', 'application/pdf')).toBe('pdf');
    expect(previewKind('photo', 'image/png; charset=binary')).toBe('image');
    expect(previewKind('clip', 'video/webm')).toBe('video');
    expect(previewKind('readme', 'text/plain')).toBe('text');
    expect(previewKind('page', 'text/html')).toBe('none');
    expect(previewKind('report.docx', 'application/pdf')).toBe('none');
    expect(isPreviewable('.png')).toBe(false);
  });
  it('renders under the content type of the format, whatever the server sent', () => {
    expect(previewMime('logo.svg', 'application/octet-stream')).toBe('image/svg+xml');
    expect(previewMime('scan.pdf', 'application/octet-stream')).toBe('application/pdf');
    expect(previewMime('a.docx', 'application/x-test')).toBe('application/x-test');
  });
});
