import { Link } from 'react-router-dom';
import { site } from '../../shared/site.ts';

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to="/" className="text-lg font-bold">{site.name}</Link>
      </div>
    </header>
  );
}
