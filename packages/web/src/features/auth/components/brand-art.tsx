/** The product mark: a white medical cross in a rounded square (the same shape as public/logo.svg). */
export function BrandLogo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill={inverted ? '#fff' : '#1677ff'} />
      <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill={inverted ? '#1464e0' : '#fff'} />
    </svg>
  );
}

export function CheckCircle({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 22 22" aria-hidden="true">
      <circle cx="11" cy="11" r="11" fill="rgba(255,255,255,0.18)" />
      <path
        d="M6.5 11.2l3 3 6-6.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
