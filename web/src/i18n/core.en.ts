import type { coreEs } from './core.es';

/** The texts every page needs before its first render (en); see core.es.ts. */
export const coreEn: typeof coreEs = {
  common: {
    skipToContent: 'Skip to content',
    backToHome: 'Back to home',
    loading: 'Loading...',
    close: 'Close',
    usd: 'USD',
    oneTimePayment: 'One-time payment',
    contents: 'Contents',
    newTab: '(opens in a new tab)',
  },
  language: {
    label: 'Language',
    es: 'Español',
    en: 'English',
  },
  nav: {
    main: 'Main navigation',
    home: (brand: string) => `${brand}, home`,
    pricing: 'Pricing',
    features: 'Features',
    support: 'Support',
    signIn: 'Sign In',
    getStarted: 'Get Started',
    dashboard: 'Dashboard',
    welcome: (name: string) => `Welcome, ${name}`,
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  footer: {
    product: 'Product',
    help: 'Help',
    legal: 'Legal',
    features: 'Features',
    userGuide: 'User Guide',
    status: 'Service Status',
    supportCenter: 'Support Center',
    contactUs: 'Contact Us',
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    security: 'Security',
    rights: (year: number, brand: string) => `© ${year} ${brand}. All rights reserved.`,
    noCardData: 'Payments processed by a certified provider. We store no card data.',
  },
  seo: {
    landing: {
      title: 'AI tools for your ministry',
      description: (tools: number | null, price: string | null) =>
        tools === null || price === null
          ? 'Specialised AI assistants for pastors, ministers and church leaders: sermons, Bible studies, ceremonies and more, in Spanish, with lifetime access.'
          : `${tools} specialised AI assistants for pastors, ministers and church leaders: sermons, Bible studies, ceremonies and more, in Spanish. Lifetime access for ${price}.`,
      keywords:
        'AI for pastors, Christian GPT, sermon generator, Bible study, ministry tools, church artificial intelligence',
    },
    auth: {
      title: 'Sign in or create an account',
      description: 'Sign in or create your account to reach your AI tools for ministry.',
      keywords: 'sign in, create account, register, password recovery',
    },
    verify: {
      title: 'Verify access',
      description: 'Check whether your e-mail address has access to a specialised GPT.',
      keywords: 'verify access, GPT, ministry tools',
    },
    features: {
      title: 'Features',
      description: (tools: number | null) =>
        `Discover ${tools === null ? 'our' : tools} AI tools specialised in Bible study and ministry, with secure, lifetime access.`,
      keywords: 'features, Bible GPT, exegetical commentary, ceremonies manual, Bible dictionary',
    },
    userGuide: {
      title: 'User Guide',
      description:
        'Learn how to create your account, buy a tool and use your GPTs, with example prompts and practical tips.',
      keywords: 'user guide, how to use, example prompts, getting started',
    },
    status: {
      title: 'Service Status',
      description: 'Current status of the platform services, announcements and uptime metrics.',
      keywords: 'service status, availability, uptime',
    },
    security: {
      title: 'Security',
      description:
        'How we protect your account, payments and data: TLS 1.3 and AES-256 encryption, PCI DSS payments and incident response.',
      keywords: 'security, encryption, PCI DSS, data protection, privacy',
    },
    privacyPolicy: {
      title: 'Privacy Policy',
      description:
        'What data we collect, how we use and protect it, and how to exercise your rights.',
      keywords: 'privacy policy, data protection, user rights',
    },
    termsOfService: {
      title: 'Terms of Service',
      description:
        'Conditions for using the platform: accounts, payments, refunds, prohibited uses and governing law.',
      keywords: 'terms of service, terms of use, refunds',
    },
    checkout: {
      title: 'Checkout',
      description: 'Complete your purchase securely.',
      keywords: 'checkout, purchase',
    },
    startTrial: {
      title: 'Free trial',
      description: 'Activate your free trial.',
      keywords: 'free trial',
    },
    verifyEmail: {
      title: 'Confirm your email',
      description: 'Confirm the email address of your account.',
      keywords: 'confirm email, verify email address',
    },
    teamNew: {
      title: 'A plan for your church',
      description: "Every tool for your church's team, from 2 to 200 people.",
      keywords: 'church plan, team, seats',
    },
    teamInvitation: {
      title: 'Team invitation',
      description: "Join your church team's plan.",
      keywords: 'invitation, team, church',
    },
    giftNew: {
      title: 'Give a gift',
      description: 'Give a tool or a plan to your pastor or someone in your church.',
      keywords: 'gift, give a tool, give a plan',
    },
    giftClaim: {
      title: 'Claim a gift',
      description: 'Someone gave you a Ministerio IA tool or plan.',
      keywords: 'gift, claim',
    },
    dashboard: {
      title: 'Dashboard',
      description: 'Your tools, activity and payments.',
      keywords: 'user dashboard',
    },
    support: {
      title: 'Support Assistant',
      description: 'AI support assistant.',
      keywords: 'support',
    },
    supportTickets: {
      title: 'Support Center',
      description: 'Your support tickets.',
      keywords: 'support tickets',
    },
    notFound: {
      title: 'Page not found',
      description: 'The page you are looking for does not exist.',
      keywords: '404',
    },
  },
  landing: {
    hero: {
      eyebrow: 'For pastors, ministers and church leaders',
      title: 'AI tools to strengthen your ministry',
      subtitle: (tools: number | null) =>
        `${tools === null ? 'Assistants' : `${tools} assistants`} specialised in Bible study, preaching and pastoral life, in Spanish and with lifetime access.`,
      viewPricing: 'View Pricing',
      getStarted: 'Get Started',
    },
    benefits: {
      heading: 'Why choose us',
      securePayments: {
        title: 'Secure Payments',
        text: 'Every payment is processed by a PCI DSS certified provider. We never store your card details.',
      },
      instantAccess: {
        title: 'Instant Access',
        text: 'Your tool appears in your dashboard as soon as the payment is confirmed.',
      },
      support: {
        title: '24/7 Support',
        text: 'Our support assistant and our team are with you at any hour.',
      },
    },
    products: {
      heading: 'Our Tools',
      subtitle: (tools: number) =>
        `${tools} AI assistants for Bible study and ministry. One-time payment, lifetime access.`,
      popular: 'Most Popular',
      buyNow: 'Buy Now',
      buyNowLabel: (product: string) => `Buy Now: ${product}`,
    },
    plans: {
      heading: 'Subscription Plans',
      subtitle: 'Every tool with a single plan.',
      perMonth: '/month',
      perYear: '/year',
      bestValue: 'Best Value',
      savings: (amount: string, percent: number) => `Save ${amount} a year (${percent}% off)`,
      monthlyEquivalent: (amount: string) => `Works out at ${amount} a month`,
      chooseMonthly: 'Choose Monthly Plan',
      chooseAnnual: 'Choose Annual Plan',
      giftLabel: (plan: string) => `Give the ${plan} as a gift`,
      gift: 'Give as a gift',
      churchTitle: 'Equipping your church?',
      churchText:
        'One plan with every tool for your pastoral staff and leaders, from 2 to 200 people. You invite each of them by email.',
      churchCta: 'Plan for churches',
    },
    trial: {
      title: (days: number) => `Try it free for ${days} days`,
      text: (days: number) =>
        `Use every tool for ${days} days at no cost. Discover how they can support your ministry.`,
      cta: 'Start Free Trial',
    },
  },
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
  },
  guard: {
    checking: 'Checking your session...',
  },
  toasts: {
    region: 'Notifications',
    error: 'Error',
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    logoutFailed: 'Logout failed',
    resetLinkSent: 'Reset Link Sent',
    resetFailed: 'Reset Failed',
    resetSuccess: 'Password Reset Successful',
    resetSuccessText: 'Your password has been reset. You can now log in with your new password.',
  },
  testMode: {
    label: 'Test mode notice',
    title: 'Test mode',
    text: 'payments are simulated and no real money is charged.',
  },
  catalog: {
    loading: 'Loading the tools...',
    loadFailed: "We couldn't load the tools. Check your connection and try again.",
    retry: 'Try again',
    fromPrice: (price: string) => `from ${price}`,
    plans: {
      monthly: {
        name: 'Monthly Plan',
        description: 'Every tool for a monthly fee. Cancel any time.',
        features: (tools: number) => [
          `Access to all ${tools} specialised tools`,
          'New tools included at no extra cost',
          'Priority 24/7 support',
          'Cancel any time',
        ],
      },
      annual: {
        name: 'Annual Plan',
        description: 'Every tool for a whole year at the biggest saving.',
        features: (tools: number) => [
          `Access to all ${tools} specialised tools`,
          'New tools included at no extra cost',
          'Priority 24/7 support',
          'One payment a year',
        ],
      },
    },
  },
};
