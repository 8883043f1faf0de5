import type { ReactNode } from 'react';

// The frame of every admin section: its h1 (the page's only one), an optional line under it and actions.
export function AdminSection({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl min-w-0 space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}
