/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { standalonePiecesPlugin } from './scripts/vite-standalone-plugin.ts';

export default defineConfig({
  plugins: [react(), standalonePiecesPlugin()],
  worker: { format: 'es' },
  // dist/app: dist/ also holds the npm package's files (scripts/build-package.mjs), which a Vite
  // build must not empty.
  build: { outDir: 'dist/app', target: 'es2022', chunkSizeWarningLimit: 1500 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'python/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 20000,
    // Both cores: the default leaves one free, and the suite's slowest files (the Python module
    // under python3, the package packed and installed) then run one after the other.
    maxWorkers: 2,
  },
});
