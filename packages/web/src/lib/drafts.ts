import { useEffect, useRef, useState } from 'react';
import { DRAFT_PREFIX, session } from './session';
import { storage } from './storage';

/**
 * Local drafts of long forms (issue 21): what the user typed, kept in this browser while the form is open, so that a
 * session ended elsewhere or by the idle limit loses nothing. Keyed by user, form and record; removed when the form
 * is saved, and all of them (they hold patient data) at a deliberate sign-out. A forced sign-out keeps them.
 */
export { DRAFT_PREFIX };
/** How long typing pauses before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 600;

export type Draft<T> = { savedAt: number; values: T };

export const draftKey = (userId: number, form: string, record: string | number | null | undefined) =>
  `${DRAFT_PREFIX}${userId}:${form}:${record ?? 'new'}`;

/** Removes every draft of this browser (a deliberate sign-out). */
export function clearAllDrafts() {
  for (const key of storage.keys()) if (key.startsWith(DRAFT_PREFIX)) storage.remove(key);
}

type Options = {
  /** the form is open (a dialog) or shown: the draft is offered when this turns true */
  enabled: boolean;
  /** the record edited (its id), or empty for a new one */
  record?: string | number | null;
};

/**
 * The draft of one form: `offered` is a draft found when the form opened (restore or discard it), `save` writes
 * the values as the user types (debounced; not while a found draft waits for the user's choice), `clear` removes it
 * (call it once the form is saved).
 */
export function useFormDraft<T>(form: string, { enabled, record }: Options) {
  const userId = session.get().user?.id ?? 0;
  const key = draftKey(userId, form, record);
  // the draft is looked up when the form opens (or turns to another record), not on every render
  const [opened, setOpened] = useState<{ enabled: boolean; key: string }>({ enabled: false, key: '' });
  const [offered, setOffered] = useState<Draft<T> | null>(null);
  if (opened.enabled !== enabled || opened.key !== key) {
    setOpened({ enabled, key });
    setOffered(enabled && userId ? readDraft<T>(key) : null);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), [key]);

  const save = (values: T) => {
    // a draft found on opening waits for the user's choice: typing does not overwrite it meanwhile
    if (!userId || offered) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => storage.set(key, { savedAt: Date.now(), values }), DRAFT_DEBOUNCE_MS);
  };
  const clear = () => {
    clearTimeout(timer.current);
    storage.remove(key);
    setOffered(null);
  };
  /** Takes the offered draft: its values, to be put into the form; typing is saved again from now on. */
  const restore = (): T | null => {
    const values = offered?.values ?? null;
    setOffered(null);
    return values;
  };

  return { offered, save, clear, restore, discard: clear };
}

function readDraft<T>(key: string): Draft<T> | null {
  const found = storage.get<Draft<T>>(key);
  return found && typeof found.savedAt === 'number' && found.values ? found : null;
}
