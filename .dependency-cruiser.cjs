/**
 * Import boundaries (ARCHITECTURE.md, "Layout"), checked by `npm run lint:deps`
 * and in `npm test`: a breach fails CI. Type-only imports count.
 */
const serverModule = '^apps/server/src/modules/([^/]+)/';
const feature = '^apps/web/app/features/([^/]+)/';
const testFiles = '\\.test\\.tsx?$|/testing(/|\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle, type imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-server',
      comment: 'The web app reaches the server only through the API; never its code or the database.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/server|packages/db)/' },
    },
    {
      name: 'shared-packages-stand-alone',
      comment: 'contracts and i18n are shared by both apps: they import neither the apps nor db.',
      severity: 'error',
      from: { path: '^packages/(contracts|i18n)/' },
      to: { path: '^(apps|packages/db)/' },
    },
    {
      name: 'db-below-server',
      comment: 'db serves the server: it never imports an app.',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-module-public-file',
      comment: "A server module reaches another only through that module's public file, its index.ts.",
      severity: 'error',
      from: { path: serverModule, pathNot: testFiles },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: [`^apps/server/src/modules/$1/`, '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-features-apart',
      comment: "A web feature does not import another feature's insides (only its index.ts, where it has one).",
      severity: 'error',
      from: { path: feature },
      to: {
        path: '^apps/web/app/features/[^/]+/',
        pathNot: [`^apps/web/app/features/$1/`, '^apps/web/app/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'customer-site-not-dashboard',
      comment:
        "A customer page never loads the dashboard's code, schemas or texts: outside routes/admin and features/admin the web app imports none of them (ADR 0014).",
      severity: 'error',
      from: { path: '^apps/web/app/', pathNot: ['^apps/web/app/(routes|features)/admin/', testFiles] },
      to: {
        path: [
          '^apps/web/app/(routes|features)/admin/',
          '^packages/contracts/src/entries/(admin|people|catalogue|cms|coupons|construction-admin)\\.ts$',
          '^packages/i18n/src/(dashboard\\.ts|(ar|en)/(admin|catalogue|cms|coupons|staff)\\.ts)$',
        ],
      },
    },
    {
      name: 'web-not-api-texts',
      comment:
        'The areas of texts only the API speaks (and the server translator holding every area) stay off the browser.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: {
        path: [
          '^packages/i18n/src/(index|translate|api)\\.ts$',
          '^packages/i18n/src/(ar|en)/(audit|errors|events|payments|people|server)\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|\\.react-router|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
