/** @type {import('@ladle/react').UserConfig} */
export default {
  stories: 'src/**/*.stories.tsx',
  // Ladle bundles its own Vite 6: give it a small config of its own (Tailwind, the source
  // condition) rather than the app's, whose React plugin and proxy it does not need.
  viteConfig: '.ladle/vite.config.ts',
  addons: {
    a11y: { enabled: true },
  },
};
