// Spinner sizes of docs/product.md §2.2: sm, md, lg, xl.
const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4', xl: 'h-16 w-16 border-4' } as const;
export type SpinnerSize = keyof typeof sizes;

export function Spinner({ size = 'md', label = 'Loading' }: { size?: SpinnerSize; label?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-block animate-spin rounded-full border-brand-500 border-t-transparent ${sizes[size]}`} />
  );
}
