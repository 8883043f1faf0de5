import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

// The site's form controls: one look for every text field, select and text area, and one rule for an
// invalid one (a red border and aria-invalid). Spacing around a control is the caller's `className`.

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-50';

interface ControlProps {
  /** Marks the control invalid: a red border, and `aria-invalid` for assistive technology. */
  invalid?: boolean;
}

const controlProps = ({ invalid, className }: ControlProps & { className?: string }) => ({
  'aria-invalid': invalid ? true : undefined,
  className: cn(control, invalid ? 'border-red-600' : 'border-slate-300', className),
});

export function Input({ invalid, className, ...props }: ComponentProps<'input'> & ControlProps) {
  return <input {...props} {...controlProps({ invalid, className })} />;
}

export function Select({ invalid, className, ...props }: ComponentProps<'select'> & ControlProps) {
  return <select {...props} {...controlProps({ invalid, className })} />;
}

export function Textarea({ invalid, className, ...props }: ComponentProps<'textarea'> & ControlProps) {
  return <textarea {...props} {...controlProps({ invalid, className })} />;
}
