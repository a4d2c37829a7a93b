// The app's icons (issue 23, docs/decisions/0032-pwa.md), made from public/favicon.svg by the
// maintained generator and committed (the build needs no image tooling):
//   cd apps/web && npx @vite-pwa/assets-generator@2.0.0
// Maskable and Apple icons sit on the brand green, with the mark inside the maskable safe zone.
export default {
  preset: {
    transparent: { sizes: [192, 512], favicons: [] },
    maskable: { sizes: [192, 512], padding: 0.12, resizeOptions: { background: '#0b6e4f' } },
    apple: { sizes: [180], padding: 0.12, resizeOptions: { background: '#0b6e4f' } },
  },
  images: ['public/favicon.svg'],
};
