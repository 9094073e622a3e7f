// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** Globals that would tie auth-core to a browser or to hidden time and randomness. */
const domAndTimeGlobals = [
  'window',
  'document',
  'location',
  'history',
  'navigator',
  'sessionStorage',
  'localStorage',
  'indexedDB',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'queueMicrotask',
].map((name) => ({
  name,
  message: 'auth-core is DOM-free and pure: take this as an argument or return an effect.',
}))

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '.tools/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.e2e-tmp/**',
      '.bench-tools/**',
      'bench-results/**',
      '**/.stryker-tmp*/**',
      'packages/auth-core/reports/**',
      'packages/auth-core/temp/**',
      'packages/auth-react/temp/**',
      'packages/auth-core/docs/api/**',
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
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use a CSPRNG (crypto.getRandomValues).' },
      ],
    },
  },
  {
    files: ['packages/auth-core/src/**/*.ts'],
    ignores: ['packages/auth-core/src/**/*.test.ts', 'packages/auth-core/src/testSupport/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-globals': ['error', ...domAndTimeGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness arrives as an argument.' },
        { object: 'Date', property: 'now', message: 'The clock arrives as an argument.' },
        {
          object: 'crypto',
          property: 'getRandomValues',
          message: 'Randomness arrives as an argument.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'The clock arrives as an argument.',
        },
      ],
    },
  },
  {
    // The React bindings: the hooks rules; `window` only in effects and event handlers (SSR-safe,
    // proved by src/serverRender.test.tsx in a node environment).
    files: ['packages/auth-react/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/signin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use a CSPRNG (crypto.getRandomValues).' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No HTML sinks (Trusted Types).',
        },
        {
          selector: "MemberExpression[property.name='innerHTML']",
          message: 'No HTML sinks (Trusted Types).',
        },
      ],
    },
  },
)
