import type { ReactNode } from 'react';

// Icons of the footer's social links, drawn inline (no icon library, no requests): 24x24, currentColor.
const icons: Record<string, ReactNode> = {
  X: (
    <>
      <path d="M3.5 3h5.2l11.8 18h-5.2Z" />
      <path d="M19.6 3 13.5 10M10.5 14 4.4 21" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  GitHub: (
    <path
      fillRule="evenodd"
      d="M12 1a11 11 0 1 1 0 22 11 11 0 0 1 0-22Zm-5 8.6.5-4.1 2.5 1.8a8.6 8.6 0 0 1 4 0l2.5-1.8.5 4.1q1 1.5.5 3.5-1 3-4 3.3l.2 4.6h-3.4l.2-4.6q-3-.3-4-3.3-.5-2 .5-3.5Z"
    />
  ),
  Instagram: (
    <g fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </g>
  ),
  LinkedIn: (
    <path
      fillRule="evenodd"
      d="M5 2h14a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3Zm1 8v8h2.5v-8Zm1.25-4.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM11 10v8h2.5v-4.4q0-2 1.9-2 1.5 0 1.5 1.8V18h2.5v-5q0-3.5-3-3.5-2 0-3 1.5V10Z"
    />
  ),
  Upwork: (
    <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M3.5 7v5.5a3.5 3.5 0 0 0 7 0V7" />
      <path d="M14 21V9" />
      <circle cx="17.25" cy="12.25" r="3.25" />
    </g>
  ),
};

export function SocialIcon({ name, className = 'h-5 w-5' }: { name: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="currentColor" className={className}>
      {icons[name] ?? <circle cx="12" cy="12" r="9" />}
    </svg>
  );
}
