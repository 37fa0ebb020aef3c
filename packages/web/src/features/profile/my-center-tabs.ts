/** Tabs of /my-center, chosen by the `tab` query parameter (the header's "change password" opens `password`). */
export const MY_CENTER_TABS = ['profile', 'password', 'signature'] as const;
export type MyCenterTab = (typeof MY_CENTER_TABS)[number];

export const tabFromQuery = (value: string | null): MyCenterTab =>
  (MY_CENTER_TABS as readonly string[]).includes(value ?? '') ? (value as MyCenterTab) : 'profile';
