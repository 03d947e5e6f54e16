/**
 * Module boundaries (issue 16, docs/architecture.md): no import cycles; a feature uses another
 * only through its index.ts, never by reaching into its files; the platform layers (server
 * shared/plugins/db, web lib/components) never import features. `npm run lint` runs it; it runs with no
 * exceptions: a new violation fails the build.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes the modules one unit: neither can be read, tested or moved alone. Type-only imports count too (issue 45).',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'server-feature-internals',
      severity: 'error',
      comment: "A server feature uses another only through its public face, features/<f>/index.ts (what it exports is its contract).",
      from: { path: '^apps/server/src/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/features/([^/]+)/', pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment: "A web feature uses another only through its index.ts; query keys, the session and lookups live in lib/.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'platform-not-features',
      severity: 'error',
      comment: 'The platform (server shared, plugins, db; web lib, components) does not depend on features.',
      from: { path: '^apps/(server/src/(shared|plugins|db)|web/src/(lib|components))/' },
      to: { path: '^apps/(server|web)/src/features/' },
    },
    {
      name: 'demo-apart',
      severity: 'error',
      comment: 'The demo office (server src/demo) is for seed:demo, the benchmark and tests: the running app never imports it.',
      from: { path: '^apps/server/src/((app|main)\\.ts$|(shared|plugins|db|features)/)', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/demo/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
