// Lint rules, and the module boundaries the code keeps:
// shared ← lib ← content, forms, ui ← blocks, site, each portal feature ← app, islands; the server imports only shared, and
// its db folder imports no other server folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const clientFolders = ['lib', 'content', 'forms', 'ui', 'blocks', 'site', 'portal', 'app', 'islands'];
const portalFeatures = ['admin', 'auth', 'blogs', 'complaints', 'jobs', 'leads', 'pages', 'vitals', 'data-rights'];
const features = ['src/blocks', 'src/site', ...portalFeatures.map((name) => `src/portal/${name}`)];

const zones = [
  // shared is framework-free and used by both sides: it imports nothing else of ours.
  {
    target: './src/shared',
    from: [...clientFolders, 'server'].map((folder) => `./src/${folder}`),
    message: 'src/shared imports only src/shared.',
  },
  // lib (the API client, the session) sits on shared alone: everything of the browser may use it.
  {
    target: './src/lib',
    from: clientFolders.filter((folder) => folder !== 'lib').map((folder) => `./src/${folder}`),
    message: 'src/lib imports only src/shared and src/lib.',
  },
  // The building blocks never reach up into the features or the app.
  ...['content', 'forms', 'ui'].map((folder) => ({
    target: `./src/${folder}`,
    from: ['./src/blocks', './src/site', './src/portal', './src/app', './src/islands', './src/server'],
    message: `src/${folder} is imported by features, never the other way round.`,
  })),
  // A feature does not import another feature; what two features share moves down a layer.
  ...features.map((feature) => ({
    target: `./${feature}`,
    from: [...features.filter((other) => other !== feature).map((other) => `./${other}`), './src/app', './src/islands', './src/server'],
    message:
      'A feature does not import another feature (or the app, or the server): move what they share to src/shared, src/ui, src/forms or src/content.',
  })),
  { target: './src/app', from: './src/server', message: 'Server code never reaches the browser bundle.' },
  // The island loader is the public pages' entry, beside the app: neither imports the other.
  { target: './src/app', from: './src/islands', message: 'The app and the island loader are two entries: neither imports the other.' },
  { target: './src/islands', from: './src/server', message: 'Server code never reaches the browser bundle.' },
  {
    target: './src/islands',
    from: './src/app',
    // An app route a visitor opens is rendered as a page of islands: its screen's island, loaded when it hydrates.
    except: ['./app-screen-island.tsx'],
    message: "The island loader imports blocks, site and below; of the app, only the island of a visitor's screen.",
  },
  // The database is the server's bottom layer: features own their SQL and sweeps, and db knows none of them.
  {
    target: './src/server/db',
    from: './src/server',
    except: ['./db'],
    message: 'src/server/db is the bottom layer: it imports no feature (a feature owns its SQL and its sweeps).',
  },
  // scripts/ holds command lines only; what they share with the product lives in src/.
  { target: './src', from: './scripts', message: 'scripts/ holds command lines only: src never imports it.' },
  // The build's own tooling (Vite's page-data plugin, the server bundler) is for vite.config, scripts and tests.
  {
    target: [...clientFolders, 'server', 'shared'].map((folder) => `./src/${folder}`),
    from: './src/build',
    message: 'src/build is the build tooling: the product never imports it.',
  },
  // The server runs on its own and shares only src/shared with the browser.
  {
    target: './src/server',
    from: clientFolders.map((folder) => `./src/${folder}`),
    message: 'The server imports only src/shared from the client side.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/shared/generated/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // Tests and command-line scripts may reach anywhere, and assert freely.
    files: ['tests/**', 'scripts/**', '*.config.*'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
