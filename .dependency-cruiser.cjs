/**
 * Import circles (`npm run check:cycles`, in CI): a module that needs another that needs it back
 * has one job too many or a shared piece that belongs in a third module (issue 21 §6).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Move what both sides need into a module of its own.',
      from: {
        // Drizzle's tables that point at each other (an installment's receipt, a receipt's
        // installment) reference each other lazily, as drizzle documents for foreign keys both ways.
        pathNot: '^apps/api/src/db/schema/',
      },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    exclude: { path: '(^|/)(dist|node_modules|coverage)/' },
  },
};
