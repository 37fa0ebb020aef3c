/** A QR-code glyph (an icon only: this is not a scannable code). */
export function QrGlyph() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm1-9h2v2H6V6zm10 0h2v2h-2V6zM6 16h2v2H6v-2zm7-3h2v2h-2v-2zm2 2h2v2h-2v-2zm2-2h4v2h-4v-2zm-4 4h2v4h-2v-4zm4 2h2v2h-2v-2zm2-2h2v4h-2v-4z" />
    </svg>
  );
}

/** A monitor-and-keyboard glyph: back to the account login. */
export function AccountGlyph() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" strokeLinecap="round" />
      <path d="M7 8h2M11 8h2M15 8h2M8 12h8" strokeLinecap="round" />
    </svg>
  );
}
