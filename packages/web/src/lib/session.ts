import { useSyncExternalStore } from 'react';
import {
  hasPermission,
  type MenuNode,
  type NameLang,
  type PermissionCheckOptions,
  type PermissionRequirement,
  type ProductCode,
} from '@rehab/shared';
import { storage } from './storage';

export type { MenuNode, NameLang };

export type OfficeRef = { id: number; name: string; nameLang?: NameLang };
export type OrganizationRef = { id: number; name: string; nameLang?: NameLang; config: { caIntegration: boolean } };
export type SessionUser = {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  roleIdList: number[];
  keepLogin: boolean;
};

/** What the browser keeps of a signed-in user (spec section 3, User session). */
export type SessionState = {
  token: string | null;
  user: SessionUser | null;
  roleIdList: number[];
  organization: OrganizationRef | null;
  office: OfficeRef | null;
  offices: OfficeRef[];
  menuList: MenuNode[];
  permissions: string[];
  /** product modules the organization switched on (from the menu nav); null until the menu is loaded */
  products: string[] | null;
  caIntegration: boolean;
  /** set by a login whose password equals the configured default: checkout and home warn */
  passwordAtRisk: boolean;
  isFirst: boolean;
};

const KEY = 'session';
/** Kept across logout: the version text, its release notes, the language and (with remember me) the account. */
export const KEPT_KEYS = [
  'version',
  'releaseNote',
  'user-locale',
  'rememberMe',
  'rememberedAccount',
  'loginQuery',
  // why the session ended, for the login page (lib/session-end.ts)
  'sessionEnded',
];
/** Form drafts (lib/drafts.ts) survive a forced sign-out; a deliberate logout removes them itself. */
export const DRAFT_PREFIX = 'draft:';

const empty: SessionState = {
  token: null,
  user: null,
  roleIdList: [],
  organization: null,
  office: null,
  offices: [],
  menuList: [],
  permissions: [],
  products: null,
  caIntegration: false,
  passwordAtRisk: false,
  isFirst: false,
};

let state: SessionState = { ...empty, ...(storage.get<SessionState>(KEY) ?? {}) };
const listeners = new Set<() => void>();

function emit() {
  storage.set(KEY, state.token ? state : null);
  for (const l of listeners) l();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    emit();
  },
  /** Clears everything but the kept keys (spec section 4, Logout). */
  clear() {
    state = { ...empty };
    for (const key of storage.keys()) {
      if (!KEPT_KEYS.includes(key) && !key.startsWith(DRAFT_PREFIX)) storage.remove(key);
    }
    if (storage.get<number>('rememberMe') !== 1) storage.remove('rememberedAccount');
    emit();
  },
  can(required: PermissionRequirement, options?: PermissionCheckOptions) {
    return hasPermission(state.permissions, required, options);
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The permission helper of spec section 6 bound to the current session. */
export function usePermission() {
  const { permissions } = useSession();
  return (required: PermissionRequirement, options?: PermissionCheckOptions) =>
    hasPermission(permissions, required, options);
}

/**
 * Whether a product module (organizationConfig/listSoftProduct) is on for the current organization; before the
 * menu has been loaded (an older stored session) everything counts as on, the server refuses what is not.
 */
export function useProductEnabled(code: ProductCode): boolean {
  const { products } = useSession();
  return products === null || products.includes(code);
}

/**
 * Whether the current organization has its CA integration on (the menu's `ca` gate, as the server decides it; before
 * the menu has loaded, the organization's setting from the checkout).
 */
export function useCaOn(): boolean {
  const { products, caIntegration } = useSession();
  return products === null ? caIntegration : products.includes('ca');
}

/** Menu urls the session may open, for the route guard. */
export function menuUrls(menuList: MenuNode[]): Set<string> {
  const urls = new Set<string>();
  const walk = (nodes: MenuNode[]) => {
    for (const n of nodes) {
      if (n.url) urls.add(n.url);
      walk(n.list ?? []);
    }
  };
  walk(menuList);
  return urls;
}
