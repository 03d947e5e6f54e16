import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    chunkSizeWarningLimit: 1200,
    // What the first screen needs in one file: gzipped, it is smaller than as several chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  // The claimant's portal (portal.html, src/portal; issue 42 item 8) is a build of its own into the
  // same dist/: one build of both pages would share React's chunk, and the staff app's one-file
  // first screen above would become the portal's too. Two builds share no file.
  environments: {
    portal: {
      consumer: 'client',
      build: {
        emptyOutDir: false,
        rolldownOptions: { input: 'portal.html', output: { codeSplitting: false } },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.portal!);
    },
  },
});
