import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Marks the contracts' schema expressions (`= z.object(...)`, `z.string().max()`...) as pure. Rollup must otherwise
 * assume a call has side effects, so every schema of a contracts module that a page imports one constant from would
 * stay, and zod with them, in the site's first load. Building a schema has none; zod's global setup is called as
 * `config()`, which this leaves alone.
 */
function pureSchemas(): Plugin {
  return {
    name: 'pure-schemas',
    transform(code, id) {
      if (!/[\\/]contracts[\\/]src[\\/].*\.ts$/.test(id)) return null;
      return { code: code.replace(/(?<![\w.$])z\.(?!config\b)/g, '/*#__PURE__*/ z.'), map: null };
    },
  };
}

export default defineConfig({
  // Gzip and brotli copies beside each built asset: the server sends them as they are (no compression per request).
  plugins: [pureSchemas(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|svg|json|txt)$/, threshold: 1024 })],
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
