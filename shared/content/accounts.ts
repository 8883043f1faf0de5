// Copy of the account screens (sign-in, sign-up, verification, password reset). The error messages of
// account calls are in web/auth/errors.ts, the form checks in web/auth/validation.ts.
export const accounts = {
  notAvailable:
    'Accounts are not available on this site right now. To reach us, use the contact form and we will reply within 24 hours.',
  signIn: {
    title: 'Sign in',
    lead: 'Welcome back. Sign in to follow your projects and messages.',
    signedInAs: 'You are signed in as',
    magicLead: 'Or get a one-time sign-in link by email, no password needed.',
    magicSent: 'Check your inbox: we sent you a sign-in link. Open it on this device.',
    magicWorking: 'Signing you in…',
    oauthLead: 'Or continue with',
    mfaTitle: 'Two-step verification',
    mfaLead: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    mfaRecoveryLead: 'Lost your device? Use one of your recovery codes instead.',
  },
  signUp: { title: 'Create your account', lead: 'Follow your projects, requests and messages in one place.' },
  verifyEmail: {
    title: 'Verify your email',
    lead: 'We sent a verification link to your email address. Open it on this device to confirm your account.',
    resendLead: 'No email? Check your spam folder, or send the link again.',
    signInToResend: 'Sign in to send the verification link again.',
    resent: 'We sent a new verification link. It is valid for a limited time.',
    working: 'Verifying your email address…',
    verified: 'Your email address is verified. Thank you!',
  },
  verifyPhone: {
    title: 'Verify your phone',
    lead: 'Add your phone number and we will send a six-digit code by SMS to confirm it.',
    signInFirst: 'Sign in first: the phone number belongs to your account.',
    sent: 'We sent a six-digit code by SMS. Enter it below.',
    verified: 'Your phone number is verified.',
  },
  resetPassword: {
    title: 'Reset your password',
    requestLead: 'Enter the email address of your account and we will send you a link to choose a new password.',
    chooseLead: 'Choose a new password for your account.',
    sent: 'If an account exists for that address, we sent it a link to choose a new password. Check your inbox.',
    done: 'Your password has been changed. You can now sign in with it.',
  },
} as const;
