/** The signature calls live in lib/signature.ts: My Center uploads one's own with the same code. */
export { useSignatureImage, useUploadSignature } from '../../../lib/signature';
