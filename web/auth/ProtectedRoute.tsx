import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from './AuthContext.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useLocale } from '../i18n/i18n.ts';
import { pathIn } from '../../shared/i18n/locale.ts';
import { useAccountText } from './text.ts';

// Protected routes (docs/product.md §2.2): the spinner while the session is being determined, then the page
// for a signed-in user, or /sign-in replacing the history entry (the sign-in page returns here afterwards).
// A visitor who signs out (or whose session ends) while on the page goes to / instead, where sign-out
// leads (docs/product.md §4.1).
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const wasSignedIn = useRef(false);
  const locale = useLocale();
  const t = useAccountText();
  if (auth.status === 'loading') {
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="xl" label={t('account.checkingSession', 'Checking your session')} /></div>;
  }
  if (auth.status === 'signed-out') {
    return wasSignedIn.current ? <Navigate to={pathIn(locale, '/')} replace /> : <Navigate to={pathIn(locale, '/sign-in')} replace state={{ from: pathname }} />;
  }
  wasSignedIn.current = true;
  return <>{children}</>;
}
