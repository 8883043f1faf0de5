/** Class names joined, the falsy ones left out: `cn('block', invalid && 'border-red-600', className)`. */
export const cn = (...classes: (string | false | null | undefined)[]): string => classes.filter(Boolean).join(' ');
