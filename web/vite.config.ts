import path from 'node:path';
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

/**
 * `.vite/module-chunks.json`: for each built script, the app modules (`src/...`) in it, its static imports and
 * whether it is the entry. Vite's manifest names a chunk only by the one module it was built for, and tiny chunks
 * merged into others (below) vanish from it; the server's route preloads (server/src/modules/seo/preload.ts) and the
 * e2e tests that fail a part's code on purpose (web/e2e/chunks.ts) find a module's script here instead.
 */
function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'module-chunks',
    configResolved(config) { root = config.root; },
    generateBundle(_options, bundle) {
      const chunks: Record<string, { entry: boolean; imports: string[]; modules: string[] }> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const modules = Object.keys(out.modules).map((id) => path.relative(root, id).split(path.sep).join('/'))
          .filter((id) => id.startsWith('src/'));
        chunks[out.fileName] = { entry: out.isEntry, imports: out.imports, modules };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify({ chunks }) });
    },
  };
}

export default defineConfig({
  // Gzip and brotli copies beside each built asset: the server sends them as they are (no compression per request).
  plugins: [pureSchemas(), moduleChunks(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|svg|json|txt)$/, threshold: 1024 })],
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
      // A page made some 50 script requests, half of them under 2 kB: merging chunks that only define things into
      // chunks loaded at the same time halves that (about 0.3 s sooner on a 1.6 Mbps, 150 ms link) for the same bytes.
      output: { experimentalMinChunkSize: 10_000 },
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION') return;
        if (warning.message.includes('annotation that Rollup cannot interpret')) return;
        warn(warning);
      },
    },
  },
});
