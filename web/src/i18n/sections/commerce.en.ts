import type { commerceEs } from './commerce.es';

/** Dashboard, checkout, trial, access verification and admin texts (en). */
export const commerceEn: typeof commerceEs = {
  dashboard: {
    welcome: (name: string) => `Welcome, ${name}`,
    support: 'Support',
    signOut: 'Sign Out',
    signingOut: 'Signing out...',
    intro: 'From here you will open your tools and see your activity and payments.',
  },
  placeholder: {
    soon: 'This section will be available very soon.',
    toDashboard: 'Go to Dashboard',
  },
  checkout: {
    heading: 'Checkout',
    item: (name: string, price: string) => `${name}: ${price}`,
    cancel: 'Cancel',
  },
  startTrial: {
    heading: 'Free trial',
  },
  verify: {
    heading: 'Verify Access',
    subtitle: 'Check whether your e-mail address has access to a GPT.',
    email: 'Email',
    product: 'GPT',
    productPlaceholder: 'Select a GPT',
    submit: 'Verify Access',
    submitting: 'Verifying...',
    required: 'Please enter your email and select a product.',
    denied: "You don't have access to this GPT. You need to buy it first.",
    networkError: 'Error verifying access. Please try again.',
    granted: 'Access verified! You can use this GPT.',
    openGpt: 'Open the GPT',
    toDashboard: 'Go to Dashboard',
    buy: 'Buy Access',
    signIn: 'Sign In',
    createAccount: 'Create an account',
    home: 'Back to home',
    gptsHeading: 'Available GPTs',
  },
};
