// Copy of the account screens (sign-in, sign-up, verification, password reset). The Appwrite logic
// arrives with the accounts issue; until then a submit says so.
export const accounts = {
  notAvailable:
    'Accounts are not available yet. We are opening sign-in soon; in the meantime, use the contact form and we will reply within 24 hours.',
  signIn: { title: 'Sign in', lead: 'Welcome back. Sign in to follow your projects and messages.' },
  signUp: { title: 'Create your account', lead: 'Follow your projects, requests and messages in one place.' },
  verifyEmail: {
    title: 'Verify your email',
    lead: 'We sent a verification link to your email address. Open it on this device to confirm your account.',
    resendLead: 'No email? Check your spam folder, or send the link again.',
  },
  verifyPhone: {
    title: 'Verify your phone',
    lead: 'Add your phone number and we will send a six-digit code by SMS to confirm it.',
  },
  resetPassword: {
    title: 'Reset your password',
    requestLead: 'Enter the email address of your account and we will send you a link to choose a new password.',
    chooseLead: 'Choose a new password for your account.',
  },
} as const;
