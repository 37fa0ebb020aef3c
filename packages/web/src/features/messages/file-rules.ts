import { MESSAGE_FILE_EXTENSIONS, MESSAGE_FILE_LIMITS, MESSAGE_IMAGE_EXTENSIONS } from '@rehab/shared';

/** A file the server would refuse for its type or size, as the i18n key of the reason; null when it may go. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!MESSAGE_FILE_EXTENSIONS.includes(ext)) return 'upload.type';
  if ((MESSAGE_IMAGE_EXTENSIONS as readonly string[]).includes(ext) && file.size > MESSAGE_FILE_LIMITS.imageBytes) {
    return 'upload.imageSize';
  }
  if (file.size > MESSAGE_FILE_LIMITS.fileBytes) return 'upload.fileSize';
  return null;
}
