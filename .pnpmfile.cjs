// The published manifests: pnpm pack and pnpm publish drop what only the monorepo uses
// (its scripts and development dependencies); `workspace:` ranges become versions.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.scripts;
      delete pkg.devDependencies;
      return pkg;
    },
  },
};
