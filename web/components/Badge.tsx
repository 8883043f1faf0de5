/** A small pill next to a link ("New", "EARN 40%"). Part of the link's accessible name. */
export function Badge({ children, tone = 'light' }: { children: string; tone?: 'light' | 'dark' }) {
  return (
    <span
      className={`ml-1.5 inline-block rounded-full px-1.5 py-0.5 align-middle text-[0.65rem] font-bold uppercase leading-none tracking-wide ${
        tone === 'light' ? 'bg-amber-100 text-amber-900' : 'bg-amber-400 text-ink'
      }`}
    >
      {children}
    </span>
  );
}
