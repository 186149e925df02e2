import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web boundaries (bulletproof-react's layout): routes (web/src/app) compose features, a feature
// (web/src/features/<name>) imports only its own files and the shared layers, and the shared
// layers import no feature. Another folder is always reached through `@/`: a relative `../` could
// leave a feature without any of these patterns seeing it.
// The catalogue (features/catalog: useCatalog and its helpers) is data every page reads, so it is
// shared like lib: every feature may import it, and it imports no feature.
const webShared = ['lib', 'components', 'i18n', 'config', 'features/catalog'];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const webImports = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: '^\\.\\.(/|$)',
          message: "Import another folder through '@/…'; only './' imports stay relative.",
        },
        ...patterns,
      ],
    },
  ],
});

/** A feature's own folder and the shared layers; its unit tests may also use @/test. */
const featureImports = (feature, { test = false } = {}) => {
  const allowed = [
    ...webShared,
    ...(test ? ['test'] : []),
    ...(feature ? [`features/${feature}`] : []),
  ];
  return webImports({
    regex: `^@/(?!(${allowed.map(escapeRegex).join('|')})(/|$))`,
    message:
      'A feature imports only its own files and @/lib, @/components, @/i18n, @/config: move what ' +
      'several features need there, and compose features in a route (web/src/app).',
  });
};

// Listed at every load, so a new feature folder is bound without editing this file.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The boundary of one feature folder, or without a name of any folder under features. */
const featureConfigs = (feature) => {
  const folder = `web/src/features/${feature ?? '*'}`;
  return [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: featureImports(feature) },
    {
      files: [`${folder}/**/*.unit.test.{ts,tsx}`],
      rules: featureImports(feature, { test: true }),
    },
  ];
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/src/generated/**',
      '.data/**',
      '.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...webImports() },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/**', 'web/src/features/**', 'web/src/main.tsx'],
    rules: webImports({
      regex: '^@/(features|app)(/|$)',
      message: 'The shared layers (lib, components, i18n, config) import no feature and no route.',
    }),
  },
  // A folder made after this config loaded (an editor's long-lived ESLint) may import no feature
  // at all until the next load, rather than any.
  ...featureConfigs(),
  ...webFeatures.flatMap((feature) => featureConfigs(feature)),
  {
    // Services own their data; reaching into another service's code would couple deployments.
    files: ['services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/services/*/**',
                '@mia/identity',
                '@mia/billing',
                '@mia/access',
                '@mia/support',
                '@mia/gateway',
              ],
              message: 'Services talk through events and contracts, not imports.',
            },
          ],
        },
      ],
    },
  },
);
