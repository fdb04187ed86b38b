import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Gzip and brotli copies beside each built asset: the server sends them as they are (no compression per request).
  plugins: [tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|svg|json|txt)$/, threshold: 1024 })],
  esbuild: { jsx: 'automatic' },
  // The server swaps this for a per-request Content-Security-Policy nonce (server/src/http/security-headers.ts).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8000', changeOrigin: false } },
  },
  // The manifest lets the server preload a page's route chunks from its HTML (server/src/modules/seo/preload.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600, manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
        if (warning.message.includes('annotation that Rollup cannot interpret')) return;
        warn(warning);
      },
    },
  },
});
