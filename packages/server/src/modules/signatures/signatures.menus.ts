import { RoleId, SignaturePerm } from '@rehab/shared';
import { screenMenus, type BuiltinMenu } from '../../kernel/menu';

/**
 * The signature log (签名记录, /signature/log, under the 患者签名 directory of the work orders): every signature of
 * the organization's records, its CA provider and its members' certificates. Shown only where the organization's
 * CA integration is on (spec section 6; shared ORGANIZATION_GATES `ca`).
 */
export function signatureMenus(): BuiltinMenu[] {
  return screenMenus(
    {
      key: 'signature.log',
      parentKey: 'signature',
      nameLang: { 'zh-CN': '签名记录', en: 'Signature log' },
      url: '/signature/log',
      icon: 'SafetyCertificateOutlined',
      perms: [SignaturePerm.list],
      orderNum: 1,
      grant: [RoleId.orgAdmin],
    },
    [['provider', 'CA 设置与证书', 'CA provider and certificates', SignaturePerm.provider]],
  );
}
