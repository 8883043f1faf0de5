import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext.tsx';
import { accountHref, avatarInitial } from '../../shared/navigation.ts';
import { useHref, useI18n } from '../i18n/i18n.ts';

const loginClass = 'inline-flex items-center rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700';
const signOutClass = 'rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink';

/** Sign-out then back to the home page (docs/product.md §4.1). */
export function useSignOutAndLeave() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const to = useHref();
  return async () => {
    await signOut();
    navigate(to('/'));
  };
}

/** The header's right-hand side on wide screens: Login, or the avatar and Sign out. */
export function AccountControls() {
  const auth = useAuth();
  const signOut = useSignOutAndLeave();
  const i18n = useI18n();
  const to = useHref();
  if (auth.status === 'loading') {
    // Same size as the Login link, so the header does not move when the session is known.
    return <span aria-hidden="true" className={`invisible ${loginClass}`}>{i18n._('frame.login')}</span>;
  }
  if (auth.status === 'signed-out') {
    return <Link to={to('/sign-in')} className={loginClass}>{i18n._('frame.login')}</Link>;
  }
  const { email } = auth.user;
  return (
    <>
      <Link
        to={to(accountHref(auth.role))}
        aria-label={i18n._('frame.yourAccount', { email })}
        title={email}
        className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white hover:bg-brand-700"
      >
        {avatarInitial(email)}
      </Link>
      <button type="button" onClick={() => void signOut()} className={signOutClass}>
        {i18n._('frame.signOut')}
      </button>
    </>
  );
}
