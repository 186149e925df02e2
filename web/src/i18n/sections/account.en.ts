import { ruleTexts } from '@/i18n/validation';
import type { accountEs } from './account.es';

/** Sign-in, registration, password reset, email confirmation and form rule texts (en). */
export const accountEn: typeof accountEs = {
  auth: {
    tagline: 'Access to your AI tools for ministry',
    email: 'Email',
    password: 'Password',
    login: {
      title: 'Sign In',
      description: 'Enter your email and password.',
      submit: 'Sign In',
      submitting: 'Signing in...',
      forgot: 'Forgot password?',
      noAccount: "Don't have an account?",
      toRegister: 'Register',
    },
    register: {
      title: 'Create Account',
      description: 'Register to buy and use your tools.',
      name: 'Name',
      username: 'Username',
      confirmPassword: 'Confirm password',
      acceptTermsBefore: 'I accept the ',
      acceptTermsLink: 'terms and conditions',
      submit: 'Create Account',
      submitting: 'Creating account...',
      haveAccount: 'Already have an account?',
      toLogin: 'Sign in',
    },
    forgot: {
      title: 'Reset Password',
      description: "Enter your email and we'll send you a link to reset your password.",
      submit: 'Send Reset Link',
      submitting: 'Sending...',
      back: 'Back to Sign In',
    },
    reset: {
      title: 'Set New Password',
      description: 'Choose a new password for your account.',
      token: 'Reset token',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      submit: 'Reset Password',
      submitting: 'Resetting...',
      back: 'Back to Sign In',
    },
    promo: {
      secure: 'Secure premium GPT access',
      instant: 'Instant access after payment',
      support: '24/7 support',
    },
  },
  verifyEmail: {
    heading: 'Confirm your email',
    checking: 'Confirming your email address...',
    doneTitle: 'Email confirmed!',
    doneText: 'Thank you. Your email address is now verified.',
    failedTitle: 'We could not confirm your email',
    failures: {
      invalid: 'This link is not valid. Check that you copied all of it.',
      used: 'This link has already been used. If you confirmed your email, there is nothing else to do.',
      replaced: 'This link was replaced by a newer one. Please use the latest link we sent you.',
      expired: 'This link has expired (it is valid for 24 hours).',
      tooMany: 'Too many attempts. Please wait a few minutes and try again.',
      unknown: 'Something went wrong. Please try again in a few minutes.',
    },
    resendHint: 'You can ask for a new link from your dashboard.',
    toDashboard: 'Go to my dashboard',
    continuePending: 'Back to your invitation or gift',
    banner: {
      title: 'Confirm your email address',
      text: (email: string) =>
        `We sent a link to ${email}. Open it to confirm that this email is yours.`,
      resend: 'Resend link',
      sending: 'Sending...',
      sent: 'We sent you a new link. Check your inbox.',
      tooMany:
        'You have asked for several links already. Please wait a few minutes before asking again.',
      failed: 'We could not send the link. Please try again in a few minutes.',
    },
  },
  validation: { ...ruleTexts },
};
