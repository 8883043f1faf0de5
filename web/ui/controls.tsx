import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

// The site's form controls: one look for every text field, select and text area, and one rule for an
// invalid one (a red border and aria-invalid). Spacing around a control is the caller's `className`.

const control =
  'rounded-lg border bg-white text-ink shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:bg-slate-50';

// 'md': a field of a form, as wide as its column. 'sm': the account areas' compact control (filters, rows,
// tool bars), still a 44 px touch target; its width is the caller's (`w-full`, `flex-1`, or its content's).
const sizes = {
  md: 'block w-full px-3 py-2.5 text-base',
  sm: 'min-h-11 px-3 py-2 text-sm',
} as const;

interface ControlProps {
  /** Marks the control invalid: a red border, and `aria-invalid` for assistive technology. */
  invalid?: boolean;
  /** 'md' (default) for the public forms, 'sm' for the compact controls of the account and admin areas. */
  size?: keyof typeof sizes;
}

const controlProps = ({ invalid, size = 'md', className }: ControlProps & { className?: string | undefined }) => ({
  'aria-invalid': invalid ? true : undefined,
  className: cn(control, sizes[size], invalid ? 'border-red-600' : 'border-slate-300', className),
});

// `size` is also a (rarely used) attribute of <input> and <select>; here it names the look instead.
type Props<T extends 'input' | 'select' | 'textarea'> = Omit<ComponentProps<T>, 'size'> & ControlProps;

export function Input({ invalid, size, className, ...props }: Props<'input'>) {
  return <input {...props} {...controlProps({ invalid, size, className })} />;
}

export function Select({ invalid, size, className, ...props }: Props<'select'>) {
  return <select {...props} {...controlProps({ invalid, size, className })} />;
}

export function Textarea({ invalid, size, className, ...props }: Props<'textarea'>) {
  return <textarea {...props} {...controlProps({ invalid, size, className })} />;
}
