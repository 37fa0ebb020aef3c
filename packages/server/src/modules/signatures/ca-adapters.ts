import { createHash, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import type { CaVendor } from '@rehab/shared';

/** A certificate as a vendor answers it for one signer. */
export type IssuedCertificate = {
  serial: string;
  subject: string;
  validFrom: Date;
  validTo: Date;
  /** SPKI PEM of the signing key */
  publicKey: string;
  /** the test vendor's private key (PKCS#8 PEM), kept on the server; a real vendor keeps keys on its side */
  privateKey: string | null;
};

/** The provider settings an adapter works with (secrets included: adapters run on the server only). */
export type ProviderSettings = {
  vendor: CaVendor;
  serviceUrl: string;
  callbackUrl: string;
  appId: string;
  appSecret: string | null;
};

/** The key an adapter signs with: the stored certificate. */
export type SigningKey = { publicKey: string; privateKey: string | null };

/** What a capability the vendor does not offer answers. */
export class CaUnsupported extends Error {
  constructor(readonly capability: string) {
    super(`CA capability not offered: ${capability}`);
  }
}

/**
 * A CA vendor integration, shaped like the real ones (DHC iMedical dhccertauth: ~50 vendors × UKey, phone, face;
 * anchors.md section E): QR login and its poll and callback, the signer's certificate, signing data and PDFs,
 * verification and the seal image. The product's own QR login lives with the sign-in (issue 19, part A); vendors are
 * added later as adapters of this interface.
 */
export interface CaAdapter {
  vendor: CaVendor;
  /** a QR code the signer scans with the vendor's app to sign in */
  loginQr(p: ProviderSettings): Promise<{ qrContent: string; requestId: string }>;
  /** the state of a QR login request */
  pollLogin(p: ProviderSettings, requestId: string): Promise<{ done: boolean; certSerial?: string }>;
  /** the vendor's callback (a signing done on the phone) */
  callback(p: ProviderSettings, body: unknown): Promise<void>;
  /** the signer's certificate: issued (test) or looked up with the vendor */
  certificate(
    p: ProviderSettings,
    signer: { userId: number; name: string; validFrom: Date; validDays: number },
  ): Promise<IssuedCertificate>;
  /** a signature of the data (DER) */
  signData(p: ProviderSettings, key: SigningKey, data: Buffer): Promise<Buffer>;
  /** a detached signature of a PDF's bytes */
  signPdf(p: ProviderSettings, key: SigningKey, pdf: Buffer): Promise<Buffer>;
  /** whether a signature of the data holds for the public key */
  verify(publicKey: string, data: Buffer, signature: Buffer): boolean;
  /** the seal image the vendor keeps for the signer, if any */
  sealImage(p: ProviderSettings, serial: string): Promise<Buffer | null>;
}

/**
 * The test vendor: really signs, with an ECDSA P-256 key pair per certificate generated on the server (SHA-256
 * digests). node's OpenSSL offers the SM2 curve only with ECDSA, not the GB/T 32918 SM2 signature (SM3 and the
 * signer's Z value), so the test vendor stays on P-256; a Chinese vendor signs SM2 on its side behind this interface.
 */
export const testAdapter: CaAdapter = {
  vendor: 'test',
  loginQr: () => Promise.reject(new CaUnsupported('loginQr')),
  pollLogin: () => Promise.reject(new CaUnsupported('pollLogin')),
  callback: () => Promise.reject(new CaUnsupported('callback')),
  async certificate(_p, signer) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const validTo = new Date(signer.validFrom.getTime() + signer.validDays * 86_400_000);
    return {
      serial: randomBytes(8).toString('hex').toUpperCase(),
      subject: `CN=${signer.name}, UID=${signer.userId}, O=Rehab test CA`,
      validFrom: signer.validFrom,
      validTo,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  },
  async signData(_p, key, data) {
    if (!key.privateKey) throw new CaUnsupported('signData without a key');
    return sign('sha256', data, key.privateKey);
  },
  async signPdf(p, key, pdf) {
    return this.signData(p, key, createHash('sha256').update(pdf).digest());
  },
  verify(publicKey, data, signature) {
    try {
      return verify('sha256', data, publicKey, signature);
    } catch {
      return false;
    }
  },
  sealImage: () => Promise.resolve(null),
};

const ADAPTERS: Record<CaVendor, CaAdapter> = { test: testAdapter };

export const adapterOf = (vendor: string): CaAdapter | null => ADAPTERS[vendor as CaVendor] ?? null;
