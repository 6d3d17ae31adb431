/** The Manyhands mark: three raised hands forming an M. Decorative; the brand name stands beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="8" fill="var(--mh-primary)" />
      <path
        d="M8 23V11.5a1.5 1.5 0 0 1 3 0V17m0-7.5a1.5 1.5 0 0 1 3 0V17m0-5.5a1.5 1.5 0 0 1 3 0V17m0-3.5a1.5 1.5 0 0 1 3 0V19a4 4 0 0 1-4 4h-5"
        fill="none"
        stroke="var(--mh-primary-foreground)"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
