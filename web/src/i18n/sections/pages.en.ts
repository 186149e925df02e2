import type { pagesEs } from './pages.es';

/** The public information pages: features, user guide, status, security, privacy, terms (en). */
export const pagesEn: typeof pagesEs = {
  featuresPage: {
    heading: 'Everything you need for your ministry',
    subtitle: (tools: number) =>
      `${tools} artificial-intelligence tools designed for pastors and leaders, on a solid biblical foundation.`,
    benefits: [
      {
        title: 'Secure Access',
        text: 'Your account is protected by an encrypted password and secure sessions.',
      },
      {
        title: 'Lifetime Access',
        text: 'Pay once per tool and use it for ever, with no hidden fees.',
      },
      {
        title: 'Specialised in Spanish',
        text: 'Tools built for Spanish-speaking ministry, in its language and context.',
      },
      {
        title: 'Solid Biblical Foundation',
        text: 'Answers grounded in Scripture, with references you can check.',
      },
      {
        title: 'Pastoral Focus',
        text: 'Designed for preaching, teaching, pastoral care and ceremonies.',
      },
      {
        title: 'Dedicated Support',
        text: 'We help you 24/7 with any question about your account or your tools.',
      },
    ],
    toolsHeading: 'Our Tools',
    toolsSubtitle: 'Each tool is a specialised GPT. Here is what each one includes:',
    securityBanner: {
      title: 'Your security is our priority',
      text: 'Connections encrypted with TLS 1.3, data protected with AES-256 and payments processed by a PCI DSS certified provider. We never store your card details.',
    },
    cta: {
      title: 'Ready to start?',
      text: 'Choose the tool you need, or write to us if you have questions.',
      pricing: 'View Pricing',
      support: 'Contact Support',
    },
  },
  userGuide: {
    heading: 'User Guide',
    subtitle: 'Everything you need to start using your AI tools.',
    quickStart: {
      heading: 'Quick start in 3 steps',
      steps: [
        {
          title: 'Create your account',
          text: 'Register with your name and an e-mail address you can reach.',
        },
        {
          title: 'Buy access',
          text: 'Choose a tool or a plan and pay securely.',
        },
        {
          title: 'Start from your dashboard',
          text: 'Open your tools from the dashboard whenever you like.',
        },
      ],
    },
    firstSteps: {
      heading: 'First steps',
      account: {
        title: 'Create your account',
        steps: [
          'Click "Get Started" on the home page.',
          'Complete the registration form.',
          'Use an e-mail you read: password-reset links are sent there.',
        ],
      },
      purchase: {
        title: 'Buy your tool',
        steps: (price: string) => [
          `Pick the GPT you need for ${price}.`,
          'Pay securely through our payment provider.',
          'Your access is immediate.',
        ],
      },
      use: {
        title: 'Use your tool',
        steps: [
          'Go to your Dashboard.',
          'Click "Use" to open the GPT.',
          'It opens in a new tab and you are signed in automatically.',
        ],
      },
    },
    guides: {
      heading: 'Guide to each tool',
      subtitle:
        'Ideas for your first questions. The tools work in Spanish, so the examples are in Spanish too.',
      examples: 'Example prompts',
    },
    tips: {
      heading: 'Tips for better results',
      items: [
        'Be specific: name the passage, the audience and the occasion.',
        'Ask for the format you need: outline, study, devotional or discussion guide.',
        'Keep the conversation going with follow-up questions to refine the answer.',
        'Always check the content against Scripture before preaching or teaching it.',
      ],
    },
    help: {
      heading: 'Need help?',
      text: 'Our support team is available 24/7.',
      supportCenter: 'Go to the Support Center',
      email: (address: string) => `Write to us at ${address}`,
    },
  },
  status: {
    heading: 'Service Status',
    allOperational: 'All systems operational',
    lastUpdated: (when: string) => `Last updated: ${when}`,
    servicesHeading: 'Services',
    states: {
      operational: 'Operational',
      maintenance: 'Under maintenance',
      incident: 'Incident',
    },
    services: {
      gptAccess: {
        name: 'GPT Access',
        description: 'Opening the tools from the dashboard.',
      },
      authentication: {
        name: 'Authentication',
        description: 'Sign-in, registration and password recovery.',
      },
      payments: {
        name: 'Payment Processing',
        description: 'One-time purchases, subscriptions and free trials.',
      },
      website: {
        name: 'Website',
        description: 'Public pages and information.',
      },
      dashboard: {
        name: 'Dashboard',
        description: 'Your tools, activity and payment history.',
      },
    },
    announcementsHeading: 'Announcements',
    badges: {
      newFeature: 'New Feature',
      comingSoon: 'Coming Soon',
    },
    announcements: {
      supportAssistant: {
        title: 'AI support assistant',
        description: 'Get instant answers about access, payments and your account, at any hour.',
      },
      expandedCatalogue: {
        title: (tools: number) => `A catalogue of ${tools} tools`,
        description: 'New tools for Bible study, the original languages and practical training.',
      },
      notificationSettings: {
        title: 'Notification preferences',
        description: 'You will be able to choose which notices you receive by e-mail.',
      },
    },
    availabilityHeading: 'Tool availability',
    available: 'Available',
    metricsHeading: 'Metrics',
    metrics: {
      uptime: 'Uptime',
      response: 'Response time',
      payments: 'Successful payments',
      underTwoSeconds: '< 2 s',
    },
    help: {
      heading: 'Noticed a problem?',
      text: 'Let us know and we will look into it right away.',
      supportCenter: 'Go to the Support Center',
      email: (address: string) => `Write to us at ${address}`,
      subscribe: 'Subscribe to status updates',
      subscribeSubject: 'Subscribe to status updates',
    },
  },
  security: {
    heading: 'Security',
    subtitle: 'How we protect your account, your payments and your data.',
    sections: [
      {
        title: 'Certifications and compliance',
        items: [
          'Payments processed by a PCI DSS certified provider.',
          'Data-protection practices ready for the GDPR.',
        ],
      },
      {
        title: 'Data protection',
        items: [
          'Every connection is encrypted with TLS 1.3.',
          'Stored data is protected with AES-256 encryption.',
          'Each service can reach only the data it needs.',
        ],
      },
      {
        title: 'Authentication',
        items: [
          'Passwords are stored with a secure hashing algorithm, never in plain text.',
          'Sessions use secure cookies that the browser does not expose to page scripts.',
          'Signing out or changing your password makes earlier sessions invalid.',
        ],
      },
      {
        title: 'Payments',
        items: [
          'Your card details go straight to the payment provider.',
          'We store no card numbers on our servers.',
          'We confirm every payment with the provider before granting access.',
        ],
      },
      {
        title: 'Platform',
        items: [
          'Continuous monitoring of the services and their uptime.',
          'Regular backups of the data.',
          'Security updates applied regularly.',
        ],
      },
      {
        title: 'Privacy',
        items: [
          'We use your data only to provide the service.',
          'We do not sell your information to third parties.',
        ],
      },
      {
        title: 'Incident response',
        items: [
          'We have a procedure to detect, contain and resolve incidents.',
          'If an incident affects your data, we will tell you without delay.',
          'You can report any security problem to our support team.',
        ],
      },
    ],
    privacyLink: 'Read our Privacy Policy',
  },
  privacy: {
    heading: 'Privacy Policy',
    updated: 'Last updated: November 2026',
    intro: (brand: string) =>
      `At ${brand} we respect your privacy. This policy explains what data we collect, how we use it and what rights you have.`,
    sections: [
      {
        title: '1. Information we collect',
        body: [
          'Account data: name, username and e-mail address.',
          'Usage data: which tools you open and how often, to show you your activity.',
          'Payment data: the payment provider tells us the result of each payment; we never receive your card number.',
        ],
      },
      {
        title: '2. How we use your information',
        body: [
          'To create and keep your account, give you access to the tools you bought, answer your support requests and send you important notices about your account.',
        ],
      },
      {
        title: '3. Payments',
        body: [
          'Payments are processed by a PCI DSS certified provider. Your card details go directly to that provider and are never stored on our servers.',
        ],
      },
      {
        title: '4. Who we share information with',
        body: [
          'We do not sell or rent your data. We share it only with providers that help us run the service (payments, e-mail, hosting) and when the law requires it.',
        ],
      },
      {
        title: '5. Security',
        body: [
          'We protect your data with TLS 1.3 encrypted connections, AES-256 encryption at rest and restricted access for each service.',
        ],
      },
      {
        title: '6. Cookies',
        body: [
          'We use a session cookie to keep you signed in and store your preferred language in your browser. We use no advertising cookies.',
        ],
      },
      {
        title: '7. Data retention',
        body: [
          'We keep your data while your account is active and for as long as the law requires for payment records.',
        ],
      },
      {
        title: '8. Your rights',
        body: [
          'You can ask to access, correct or delete your data, and object to certain uses. Our practices are ready for the GDPR. We answer privacy requests within 30 days.',
        ],
      },
      {
        title: '9. Minors',
        body: [
          'The service is meant for people aged 18 or over. We do not knowingly collect data from minors.',
        ],
      },
      {
        title: '10. Changes and contact',
        body: [
          'If we change this policy, we will publish the new version on this page with its date.',
        ],
      },
    ],
    contact: (email: string) => `For privacy enquiries, write to us at ${email}.`,
  },
  terms: {
    heading: 'Terms of Service',
    updated: 'Last updated: November 2026',
    intro: (brand: string) =>
      `These terms govern the use of ${brand}. By creating an account or using the service, you accept them.`,
    sections: (tools: number, price: string, monthly: string, annual: string, days: number) => [
      {
        title: '1. Acceptance of the terms',
        body: [
          'By registering or using the platform you accept these terms. If you do not agree, do not use the service.',
        ],
      },
      {
        title: '2. Description of the service',
        body: [
          `We offer access to ${tools} artificial-intelligence tools (custom GPTs) for Bible study and ministry. The tools open in an external chatbot service.`,
        ],
      },
      {
        title: '3. Eligibility',
        body: ['You must be at least 18 years old to create an account and use the service.'],
      },
      {
        title: '4. Your account',
        body: [
          'You are responsible for keeping your password confidential and for all activity on your account. Tell us at once if you suspect unauthorised use.',
        ],
      },
      {
        title: '5. Permitted use',
        body: [
          'Only registered users who have paid (or who have an active free trial) may use the tools, and only for personal and ministry use.',
        ],
      },
      {
        title: '6. Prohibited uses',
        body: [
          'Sharing your credentials, reselling access, using bots or automated means, and any abuse of the service are prohibited. We may suspend accounts that break these rules.',
        ],
      },
      {
        title: '7. Prices and payments',
        body: [
          `Each tool costs ${price} as a one-time payment with lifetime access. The monthly plan costs ${monthly} a month and the annual plan ${annual} a year, with access to every tool. The free trial lasts ${days} days. All prices are in US dollars (USD).`,
        ],
      },
      {
        title: '8. Refunds',
        body: [
          'You may request a refund within 7 days of your purchase. Each request is evaluated case by case.',
        ],
      },
      {
        title: '9. Intellectual property',
        body: [
          'The platform, its brand and its tools belong to us or are licensed to us. The content you create with the tools is yours for your ministry.',
        ],
      },
      {
        title: '10. AI-generated content',
        body: [
          'Answers are generated by artificial intelligence and may contain mistakes. Always check the content against Scripture before using it.',
        ],
      },
      {
        title: '11. Limitation of liability',
        body: [
          'The service is provided "as is". To the extent the law allows, we are not liable for indirect damage arising from its use.',
        ],
      },
      {
        title: '12. Changes and termination',
        body: [
          'We may update these terms and will publish the new version on this page. You may close your account at any time; we may suspend it if you break these terms.',
        ],
      },
      {
        title: '13. Governing law',
        body: ['These terms are governed by the laws of Puerto Rico.'],
      },
    ],
    contact: (email: string) => `Questions about these terms? Write to us at ${email}.`,
  },
};
