import { z } from 'zod';
import {
  autoSignStateSchema,
  caProviderSaveSchema,
  caProviderSchema,
  certBindSchema,
  certRowSchema,
  signatureListSchema,
  SignaturePerm,
  signatureRowSchema,
} from '../signatures/signature.schema';
import { idNameSchema } from '../schemas/common.schema';
import { defineEndpoint, okResponse, pageSchema } from './endpoint';

/**
 * Electronic signatures (issue 19, part B): the organization's CA provider (secrets never answered), its users'
 * certificates and the signature log. Signing a record is an endpoint of the record's module (assessments: sign and
 * signature state), which goes through the signatures module's one signing service.
 */
export const signaturesEndpoints = {
  provider: defineEndpoint({
    method: 'GET',
    path: '/sys/signature/provider',
    access: { permission: SignaturePerm.provider },
    response: z.strictObject({ data: caProviderSchema }),
    summary: { 'zh-CN': '本机构的 CA 服务商设置（不含密钥）', en: "The organization's CA provider (no secrets)" },
  }),
  providerSave: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/provider/save',
    access: { permission: SignaturePerm.provider },
    body: caProviderSaveSchema,
    response: okResponse,
    summary: { 'zh-CN': '保存本机构的 CA 服务商设置', en: "Saves the organization's CA provider" },
  }),
  certs: defineEndpoint({
    method: 'GET',
    path: '/sys/signature/cert/list',
    access: { permission: SignaturePerm.provider },
    response: z.strictObject({ data: z.array(certRowSchema) }),
    summary: { 'zh-CN': '本机构人员的签名证书', en: "Certificates of the organization's members" },
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/sys/signature/cert/members',
    access: { permission: SignaturePerm.provider },
    response: z.strictObject({ data: z.array(idNameSchema) }),
    summary: { 'zh-CN': '可绑定证书的本机构人员', en: 'Members a certificate can be bound to' },
  }),
  certBind: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/cert/bind',
    access: { permission: SignaturePerm.provider },
    body: certBindSchema,
    response: z.strictObject({ data: certRowSchema }),
    summary: {
      'zh-CN': '为本机构人员绑定 CA 证书（序列号、主题、有效期、签章图片）',
      en: 'Binds a CA certificate (serial, subject, validity, seal image) to a member',
    },
  }),
  autoSign: defineEndpoint({
    method: 'GET',
    path: '/sys/signature/autoSign',
    access: 'organization',
    response: z.strictObject({ data: autoSignStateSchema }),
    summary: { 'zh-CN': '本人的授权自动签名状态', en: "The caller's authorized auto-sign window" },
  }),
  autoSignGrant: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/autoSign/grant',
    access: 'organization',
    response: z.strictObject({ data: autoSignStateSchema }),
    summary: {
      'zh-CN': '授权自动签名（按本机构的小时数，用本人证书签署授权）',
      en: "Authorizes auto-sign for the organization's hours (the authorization signed with one's certificate)",
    },
  }),
  autoSignRevoke: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/autoSign/revoke',
    access: 'organization',
    response: z.strictObject({ data: autoSignStateSchema }),
    summary: { 'zh-CN': '结束授权自动签名', en: 'Ends the authorized auto-sign window now' },
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/sys/signature/list',
    access: { permission: SignaturePerm.list },
    body: signatureListSchema,
    response: z.strictObject({ data: pageSchema(signatureRowSchema) }),
    summary: {
      'zh-CN': '签名记录：签名人、签署的记录、时间与验证状态',
      en: 'Signature log: who signed which record, when, and whether it verifies',
    },
  }),
};
